-- A write per request: POST (or BENCH_METHOD) to BENCH_PATH with the body BENCH_BODY, a new
-- X-Idempotency-Key each time. In the path and the body "$KEY" is that key, and "$1", "$2"
-- are the fields of the next line of BENCH_ITEMS (a file of space-separated lines, taken in
-- turn and split across the threads), when given.
local prefix = os.getenv("BENCH_PREFIX") or "w"
local method = os.getenv("BENCH_METHOD") or "POST"
local path_template = os.getenv("BENCH_PATH")
local body_template = os.getenv("BENCH_BODY") or ""
local items_file = os.getenv("BENCH_ITEMS")
local items = {}
if items_file and items_file ~= "" then
  for line in io.lines(items_file) do items[#items + 1] = line end
end
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("id", thread_count)
end

local counter = 0
local function fill(template, key, fields)
  local out = template:gsub("%$KEY", key)
  for n, value in ipairs(fields) do
    out = out:gsub("%$" .. n, value)
  end
  return out
end

function request()
  counter = counter + 1
  local key = prefix .. "-" .. id .. "-" .. counter
  local fields = {}
  if #items > 0 then
    local line = items[((id - 1 + (counter - 1) * 2) % #items) + 1]
    for field in line:gmatch("%S+") do fields[#fields + 1] = field end
  end
  return wrk.format(method, fill(path_template, key, fields), {
    ["Authorization"] = os.getenv("BENCH_AUTH"),
    ["Content-Type"] = "application/json",
    ["X-Idempotency-Key"] = key,
  }, fill(body_template, key, fields))
end
