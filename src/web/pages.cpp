#include "web/pages.h"

#include <md4c-html.h>

#include "grundy/core/text_check.h"
#include "web/assets.h"

namespace grundy::web {
namespace {

std::string escaped(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The frame every page shares (web/static/*.html): the header with every page and the docs.
std::string framed(std::string_view title, std::string_view body) {
  std::string page =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n"
      "  <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n  <title>";
  page += escaped(title);
  page +=
      " — grundy</title>\n  <link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n"
      "  <link rel=\"stylesheet\" href=\"/css/style.css\">\n</head>\n<body>\n"
      "<header class=\"site\">\n  <a class=\"brand\" href=\"/\">grundy</a>\n"
      "  <nav aria-label=\"Pages\">\n    <a href=\"/nim.html\">Nim</a>\n"
      "    <a href=\"/explorer.html\">Subtraction &amp; octal</a>\n"
      "    <a href=\"/hackenbush.html\">Hackenbush</a>\n    <a href=\"/dots.html\">Dots and "
      "Boxes</a>\n"
      "    <a href=\"/uttt.html\">Ultimate Tic-Tac-Toe</a>\n    <a "
      "href=\"/docs/web.html\">Docs</a>\n"
      "  </nav>\n</header>\n<main class=\"doc\">\n";
  page += body;
  page += "\n</main>\n</body>\n</html>\n";
  return page;
}

void append(const MD_CHAR* text, MD_SIZE size, void* out) {
  static_cast<std::string*>(out)->append(text, size);
}

// href="impartial.md" and href="impartial.md#x" -> .html, so that the rendered docs link to
// each other's pages; links elsewhere are left alone.
std::string linked(std::string html) {
  for (std::size_t at = html.find("href=\""); at != std::string::npos;
       at = html.find("href=\"", at + 1)) {
    const std::size_t start = at + 6, end = html.find('"', start);
    if (end == std::string::npos) break;
    const std::string target = html.substr(start, end - start);
    if (target.find("://") != std::string::npos || target.find('/') != std::string::npos) continue;
    const std::size_t md = target.find(".md");
    if (md == std::string::npos || (md + 3 != target.size() && target[md + 3] != '#')) continue;
    html.replace(start + md, 3, ".html");
  }
  return html;
}

}  // namespace

std::optional<std::string> docs_page(std::string_view path) {
  constexpr std::string_view kPrefix = "/docs/", kSuffix = ".html";
  if (path.size() <= kPrefix.size() + kSuffix.size() || path.substr(0, kPrefix.size()) != kPrefix ||
      path.substr(path.size() - kSuffix.size()) != kSuffix)
    return std::nullopt;
  const std::string source = std::string(path.substr(0, path.size() - kSuffix.size())) + ".md";
  const Asset* md = find_asset(source);
  if (!md) return std::nullopt;
  std::string html;
  if (md_html(md->data.data(), static_cast<MD_SIZE>(md->data.size()), append, &html,
              MD_DIALECT_GITHUB, 0) != 0)
    return std::nullopt;
  // The first heading names the page.
  std::string title = std::string(path.substr(kPrefix.size()));
  if (const auto h1 = md->data.find("# "); h1 == 0) {
    const auto end = md->data.find('\n');
    title = std::string(md->data.substr(2, end - 2));
    std::erase(title, '`');
  }
  return framed(title, linked(html) + "<p class=\"muted\">This page is <a href=\"" + source +
                           "\">" + escaped(source.substr(kPrefix.size())) +
                           "</a> of the repository, rendered.</p>");
}

std::string not_found_page(std::string_view path) {
  return framed("Page not found",
                "<h1>Page not found</h1>\n<p>There is no page <code>" +
                    escaped(printable(path, 100)) +
                    "</code> here.</p>\n<p><a href=\"/\">Start at the home page</a>, or pick a "
                    "game above.</p>");
}

}  // namespace grundy::web
