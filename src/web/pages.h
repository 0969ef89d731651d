#pragma once
// Pages the server makes rather than embeds: the docs (docs/*.md, embedded as text) rendered to
// HTML in the site's frame, and the page for a path that has none (404).
#include <optional>
#include <string>
#include <string_view>

namespace grundy::web {

// "/docs/web.html" -> the page made from /docs/web.md (links to other .md files become their
// .html pages); nullopt when there is no such document.
std::optional<std::string> docs_page(std::string_view path);

// The HTML of the 404 page for `path`.
std::string not_found_page(std::string_view path);

}  // namespace grundy::web
