#include "python/arrays.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace grundy::python {

py::array_t<std::uint32_t> to_numpy(std::vector<std::uint32_t>&& values) {
  auto* owned = new std::vector<std::uint32_t>(std::move(values));
  py::capsule free_when_done(owned,
                             [](void* p) { delete static_cast<std::vector<std::uint32_t>*>(p); });
  return py::array_t<std::uint32_t>({static_cast<py::ssize_t>(owned->size())},
                                    {sizeof(std::uint32_t)}, owned->data(), free_when_done);
}

std::vector<std::uint32_t> extend_periodic(std::vector<std::uint32_t> values, std::uint64_t count,
                                           const Period& p) {
  if (count <= values.size()) {
    values.resize(count);
    return values;
  }
  std::uint64_t n = std::min<std::uint64_t>(values.size(), p.preperiod + p.period);
  values.resize(count);
  // values[e .. n) is periodic: copy its last whole periods (as many as fit) right after it,
  // doubling the stretch each time.
  while (n < count) {
    const std::uint64_t whole = (n - p.preperiod) / p.period * p.period;
    const std::uint64_t len = std::min(whole, count - n);
    std::memcpy(values.data() + n, values.data() + n - whole, len * sizeof(std::uint32_t));
    n += len;
  }
  return values;
}

}  // namespace grundy::python
