// A skill's file viewer (skills/<slug>/view.html?f=<relpath>): reads the file's raw copy and
// shows it with numbered lines (#L12 names a line) and highlighting (assets/highlight-init.js).
// The page lists the files it may show (#viewer-files: each links its raw copy, which is all a
// reader without script gets): a name not listed there is not fetched. The text goes into the
// page as text nodes only; highlight.js escapes what it returns. No inline script, no eval.
(function () {
  "use strict";
  var root = document.getElementById("viewer");
  var list = document.getElementById("viewer-files");
  var body = document.getElementById("viewer-body");
  if (!root || !list || !body) return;
  var skill = root.getAttribute("data-skill") || "";
  var site = root.getAttribute("data-site") || "";
  var maxBytes = parseInt(root.getAttribute("data-max-bytes"), 10) || 1000000;
  // Past this many lines the numbers are left out (a line each in the page: a file of a
  // million empty lines would be a million elements).
  var MAX_NUMBERED_LINES = 50000;
  var relpath = new URLSearchParams(window.location.search).get("f");
  var file = null;
  Array.prototype.forEach.call(list.querySelectorAll("li.file"), function (item) {
    var anchor = item.querySelector("a[href]");
    if (!anchor) return;
    var name = anchor.textContent;
    var raw = anchor.getAttribute("href");
    // Served over HTTP, the list opens each file here rather than raw.
    if (window.location.protocol === "http:" || window.location.protocol === "https:") {
      anchor.setAttribute("href", "?f=" + encodeURIComponent(name).replace(/%2F/g, "/"));
    }
    if (name === relpath && !file) {
      file = {
        raw: raw,
        size: item.getAttribute("data-size") || "",
        executable: item.hasAttribute("data-executable"),
        language: item.getAttribute("data-language") || "",
        source: item.getAttribute("data-source")
      };
    }
  });

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function link(href, text) {
    var node = element("a", "", text);
    node.setAttribute("href", href);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function notice(parts) {
    var paragraph = element("p", "notice");
    parts.forEach(function (part) {
      paragraph.appendChild(typeof part === "string" ? document.createTextNode(part) : part);
    });
    clear(body);
    body.appendChild(paragraph);
  }

  // No file asked for, or one this skill's viewer does not show: the list stays.
  function listFiles() {
    if (relpath === null) return;
    var missing = element("p", "notice", "This skill has no file named \u201c" + relpath +
      "\u201d that this page shows. Its files:");
    body.insertBefore(missing, list);
  }

  function describe() {
    document.title = relpath + " \u00b7 " + skill + " \u00b7 " + site;
    document.getElementById("viewer-crumb").textContent = relpath;
    document.getElementById("viewer-title").textContent = relpath;
    var meta = document.getElementById("viewer-meta");
    clear(meta);
    meta.appendChild(document.createTextNode(file.size + (file.executable ? " \u00b7 executable" : "") + " \u00b7 "));
    meta.appendChild(link(file.raw, "raw"));
    if (file.source) {
      meta.appendChild(document.createTextNode(" \u00b7 "));
      var source = link(file.source, "source");
      source.setAttribute("rel", "noopener");
      meta.appendChild(source);
    }
  }

  function show(bytes) {
    var cut = bytes.length > maxBytes;
    var text = new TextDecoder("utf-8").decode(cut ? bytes.subarray(0, maxBytes) : bytes);
    if (cut) {
      var end = text.lastIndexOf("\n");
      if (end > 0) text = text.slice(0, end + 1);
    }
    if (text.charAt(text.length - 1) === "\n") text = text.slice(0, -1);
    var lines = text.split("\n");
    var numbered = lines.length <= MAX_NUMBERED_LINES;
    var wrapper = element("div", numbered ? "numbered-code" : "");
    var pre = element("pre");
    var code = element("code");
    if (/^[\w+#.-]+$/.test(file.language || "")) code.className = "language-" + file.language;
    var rows = document.createDocumentFragment();
    if (!numbered) {
      var plain = element("p", "truncated-notice", "Line numbers are left out: this file has " +
        lines.length + " lines.");
      plain.setAttribute("role", "note");
      wrapper.appendChild(plain);
      rows.appendChild(document.createTextNode(text));
      lines = [];
    }
    lines.forEach(function (line, index) {
      var number = String(index + 1);
      var row = element("span", "line");
      row.id = "L" + number;
      var anchor = element("a", "line-number");
      anchor.setAttribute("href", "#L" + number);
      anchor.setAttribute("data-line", number);
      anchor.setAttribute("aria-label", "Line " + number);
      row.appendChild(anchor);
      row.appendChild(document.createTextNode(line));
      if (index) rows.appendChild(document.createTextNode("\n"));
      rows.appendChild(row);
    });
    code.appendChild(rows);
    pre.appendChild(code);
    wrapper.appendChild(pre);
    clear(body);
    body.appendChild(wrapper);
    if (cut) {
      var more = element("p", "truncated-notice", "This file is " + file.size +
        "; only its beginning is shown. The raw file holds all of it.");
      more.setAttribute("role", "note");
      body.appendChild(more);
    }
    if (window.skillCatalogHighlight) window.skillCatalogHighlight(code);
    // The line named in the address exists only now: navigate to it again.
    if (/^#L\d+$/.test(window.location.hash)) window.location.replace(window.location.hash);
  }

  if (!file) {
    listFiles();
    return;
  }
  describe();
  if (window.location.protocol !== "http:" && window.location.protocol !== "https:") {
    notice(["A page opened from a file cannot read other files. ",
            link(file.raw, "Open the raw file"), "."]);
    return;
  }
  body.setAttribute("aria-busy", "true");
  window.fetch(file.raw, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) throw new Error("HTTP " + response.status);
    return response.arrayBuffer();
  }).then(function (buffer) {
    show(new Uint8Array(buffer));
  }).catch(function (error) {
    notice(["The file could not be loaded (" + error.message + "). ",
            link(file.raw, "Open the raw file"), "."]);
  }).then(function () {
    body.removeAttribute("aria-busy");
  });
})();
