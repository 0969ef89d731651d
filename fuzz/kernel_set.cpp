// GRUNDY_KERNELS values: a kernel set's name, or one line naming the bad value.
#include <string>

#include "fuzz_target.h"
#include "grundy/core/kernel_set.h"
#include "grundy/core/text_check.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  const std::string_view text = fuzz::as_text(data, size);
  try {
    const KernelSet set = kernel_set_named(text);
    fuzz::require(cpu_supports(set), "the set named runs on this CPU");
    fuzz::require(text.empty() ? set == best_kernel_set() : kernel_set_name(set) == text,
                  "the name read is the set's name");
  } catch (const InputError& e) {
    const std::string m = e.what();
    fuzz::require(!m.empty() && m.find('\n') == std::string::npos &&
                      first_invalid_utf8(m) == std::string::npos,
                  "the message is one line of UTF-8");
    fuzz::require(m.size() < 300, "the message is short whatever the value");
  }
  return 0;
}
