-- POST suspension: each request suspends another participant with its current versionID,
-- read from BENCH_PAIRS (a file of "externalID versionID" lines), split across the threads.
local pairs_file = os.getenv("BENCH_PAIRS")
local base_path = os.getenv("BENCH_PATH")
local lines = {}
for line in io.lines(pairs_file) do lines[#lines + 1] = line end
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("offset", thread_count)
end

local index = 0
function request()
  local n = offset + index * 2
  index = index + 1
  local line = lines[((n - 1) % #lines) + 1]
  local external_id, version = line:match("(%S+)%s+(%S+)")
  local body = '{"reasonCode":"other","note":"bench","expectedVersionID":"' .. version .. '"}'
  return wrk.format("POST", base_path .. "/" .. external_id .. "/suspensions", {
    ["Authorization"] = os.getenv("BENCH_AUTH"),
    ["Content-Type"] = "application/json",
    ["X-Idempotency-Key"] = "suspend-" .. external_id .. "-" .. version,
  }, body)
end
