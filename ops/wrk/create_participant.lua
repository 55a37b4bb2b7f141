-- POST participant create: a unique externalID and X-Idempotency-Key per request.
local counter = 0
local thread_id = 0
local prefix = os.getenv("BENCH_PREFIX") or "b"

function setup(thread)
  thread_id = thread_id + 1
  thread:set("id", thread_id)
end

function request()
  counter = counter + 1
  local key = prefix .. "-" .. id .. "-" .. counter
  local body = '{"externalID":"' .. key .. '","givenName":"Bench","familyName":"Load",'
    .. '"address":{"addressLine1":"1 Main St","city":"Springfield","stateOrProvince":"IL",'
    .. '"postalCode":"62701","country":"US"},'
    .. '"phones":[{"countryCode":"1","number":"4155550123"}]}'
  return wrk.format("POST", nil, {
    ["Authorization"] = os.getenv("BENCH_AUTH"),
    ["Content-Type"] = "application/json",
    ["X-Idempotency-Key"] = key,
  }, body)
end
