#pragma once
// Value tables as NumPy arrays: one uint32 per value, no Python object per value.
#include <cstdint>
#include <vector>

#include <pybind11/numpy.h>

#include "grundy/core/periodicity.h"

namespace grundy::python {

namespace py = pybind11;

// The array takes the vector over (no copy): the memory is freed with the array.
py::array_t<std::uint32_t> to_numpy(std::vector<std::uint32_t>&& values);

// G(0 .. count-1) from the first values of a sequence known to have period p from e on (at least
// e + p of them): the rest is filled in by copying whole periods.
std::vector<std::uint32_t> extend_periodic(std::vector<std::uint32_t> values, std::uint64_t count,
                                           const Period& p);

}  // namespace grundy::python
