-- wrk script for `make loadtest` (scripts/loadtest.sh): a mix of page loads and API requests,
-- every one of which should be answered 200. Counts the statuses of all threads.
local mix = {
  {"GET", "/", nil},
  {"GET", "/js/common.js", nil},
  {"POST", "/api/nim", '{"heaps": [3, 4, 5]}'},
  {"POST", "/api/nim", '{"heaps": ["9223372036854775807", 12, 99, 1000], "misere": true}'},
  {"POST", "/api/subtraction", '{"set": "1,3,4", "values": 200}'},
  {"POST", "/api/subtraction", '{"set": "1,3,4", "at": "1000000000000000000"}'},
  {"POST", "/api/octal", '{"code": "0.77", "values": 100}'},
  {"POST", "/api/octal", '{"code": "0.07", "at": "123456789012345"}'},
  {"POST", "/api/hackenbush", '{"edges": [[0,1],[1,2],[2,3],[3,0],[2,4],[4,5],[5,2]]}'},
  {"POST", "/api/hackenbush", '{"string": "llrl;ee(e;l)"}'},
  {"POST", "/api/dag", '{"graph": "a b\\nb c\\na c\\nc d\\n", "start": ["a", "b"]}'},
  {"POST", "/api/dots/show", '{"size": "3x3", "moves": "a1b1 b2b3 c1c2"}'},
  {"POST", "/api/dots/move", '{"size": "3x3", "moves": "a1b1 b2b3 c1c2", "engine": "greedy"}'},
  {"POST", "/api/dots/analyze", '{"size": "2x2", "moves": "a1b1 a1a2", "seconds": 1}'},
  {"POST", "/api/uttt/show", '{"moves": "e5 e4 d2", "rules": "orlin"}'},
  {"POST", "/api/uttt", '{"moves": "e5 e4 d2", "engine": "heuristic"}'},
  {"POST", "/api/uttt", '{"moves": "e5 e4", "iterations": 2000}'},
}
local headers = {["Content-Type"] = "application/json"}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  n = 0
end

function request()
  n = n + 1
  local r = mix[(n % #mix) + 1]
  return wrk.format(r[1], r[2], r[3] and headers or nil, r[3])
end

function response(status, hdrs, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local all = {}
  for _, t in ipairs(threads) do
    for status, count in pairs(t:get("statuses")) do
      all[status] = (all[status] or 0) + count
    end
  end
  local e = summary.errors
  io.write(string.format("requests %d in %.1f s: %.0f requests/s\n", summary.requests,
                         summary.duration / 1e6, summary.requests / (summary.duration / 1e6)))
  io.write(string.format("latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
                         latency:percentile(50) / 1000, latency:percentile(90) / 1000,
                         latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("socket errors: connect %d, read %d, write %d, timeout %d\n",
                         e.connect, e.read, e.write, e.timeout))
  for status, count in pairs(all) do
    io.write(string.format("status %d: %d\n", status, count))
  end
end
