#pragma once
// The static page, embedded in the binary at build time (scripts/embed_assets.py turns
// web/static/* and docs/*.md into web_assets.cpp), so that `grundy serve` needs no file and
// works offline.
#include <span>
#include <string_view>

namespace grundy::web {

struct Asset {
  std::string_view path;  // "/index.html", "/js/nim.js", "/docs/web.md"
  std::string_view content_type;
  std::string_view data;
};

std::span<const Asset> assets();
// nullptr if there is none at `path`.
const Asset* find_asset(std::string_view path);

}  // namespace grundy::web
