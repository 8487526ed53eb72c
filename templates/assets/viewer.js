// A skill's file viewer (skills/<slug>/view.html?f=<relpath>): reads the file's raw copy and
// shows it with numbered lines (#L12 names a line) and highlighting (assets/highlight-init.js),
// or, for a Markdown file, rendered by markdown-it and sanitised by DOMPurify under the server's
// allow-list (assets/markdown-policy.js, from skill_catalog/site/markdown/sanitize.py) and its
// link policy (skill_catalog/site/markdown/links.py: http, https and mailto links; links and
// images to the skill's own published files only, never out of it; no image from elsewhere).
// The page lists the files it may show (#viewer-files: each links its raw copy, which is all a
// reader without script gets): a name not listed there is not fetched. Code goes into the page
// as text nodes only; highlight.js escapes what it returns; rendered Markdown enters the page
// only as the DOM fragment DOMPurify returns (RETURN_DOM_FRAGMENT), never as a string.
// No inline script, no eval.
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
    anchor.setAttribute("data-raw", raw);
    if (window.location.protocol === "http:" || window.location.protocol === "https:") {
      anchor.setAttribute("href", "?f=" + encodeURIComponent(name).replace(/%2F/g, "/"));
    }
    if (name === relpath && !file) {
      file = {
        raw: raw,
        size: item.getAttribute("data-size") || "",
        executable: item.hasAttribute("data-executable"),
        language: item.getAttribute("data-language") || "",
        markdown: item.hasAttribute("data-markdown"),
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

  // Markdown ------------------------------------------------------------------------------

  // The skill's files a rendered document may link or show: relpath -> {href, view}.
  function targets() {
    var found = {};
    var http = window.location.protocol === "http:" || window.location.protocol === "https:";
    Array.prototype.forEach.call(list.querySelectorAll("li.file > a[href]"), function (anchor) {
      var name = anchor.textContent;
      found[name] = {href: raw(name), view: http ? "?f=" + encodeURIComponent(name).replace(/%2F/g, "/") : null};
    });
    var others = document.getElementById("viewer-targets");
    if (others) {
      Array.prototype.forEach.call(others.querySelectorAll("a[href]"), function (anchor) {
        found[anchor.textContent] = {href: anchor.getAttribute("href"), view: null};
      });
    }
    var page = root.getAttribute("data-skill-page");
    if (page) found["SKILL.md"] = {href: page, view: null};
    return found;
  }

  var raws = {};
  Array.prototype.forEach.call(list.querySelectorAll("li.file > a[href]"), function (anchor) {
    raws[anchor.textContent] = anchor.getAttribute("data-raw") || anchor.getAttribute("href");
  });
  function raw(name) { return raws[name]; }

  // posixpath.normpath of a relative path; null when it leaves the skill.
  function normalise(path) {
    var out = [];
    var parts = path.split("/");
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      if (part === "" || part === ".") continue;
      if (part === "..") {
        if (!out.length) return null;
        out.pop();
      } else {
        out.push(part);
      }
    }
    return out.join("/");
  }

  var SCHEME = /^([a-zA-Z][a-zA-Z0-9+.\-]*):/;
  var SAFE_SCHEMES = {http: 1, https: 1, mailto: 1};

  // What a link or image in the document at ``base`` (its folder) points to on this site, or
  // null to drop it: the same answers as links.py's rewriter.
  function resolve(url, kind, base, files) {
    url = url.replace(/[\t\n\r]/g, "").replace(/^[\x00-\x20]+/, "").trim();
    if (!url) return null;
    var scheme = SCHEME.exec(url);
    if (scheme) {
      if (kind === "image" || !SAFE_SCHEMES[scheme[1].toLowerCase()]) return null;
      return {href: url};
    }
    if (url.charAt(0) === "#") return kind === "link" ? {href: url} : null;
    if (/^(\/|\\)/.test(url)) return null;
    var hash = url.indexOf("#");
    var fragment = hash >= 0 ? url.slice(hash) : "";
    var path = (hash >= 0 ? url.slice(0, hash) : url).split("?")[0];
    try {
      path = decodeURIComponent(path);
    } catch (e) {
      return null;
    }
    path = path.replace(/\\/g, "/");
    var candidates = [normalise((base ? base + "/" : "") + path), normalise(path)];
    for (var i = 0; i < candidates.length; i++) {
      var name = candidates[i];
      if (name === null || !Object.prototype.hasOwnProperty.call(files, name)) continue;
      var target = files[name];
      if (kind === "image") return {href: target.href};
      return {href: (target.view || target.href) + (target.view || name === "SKILL.md" ? fragment : "")};
    }
    return null;
  }

  // sanitize.py's limit_depth: block start tags nested deeper than policy.maxDepth are dropped
  // with their end tags (their text stays) before the HTML is parsed, whose cost grows with the
  // square of the nesting (150,000 nested <div> took 100 s in Chromium without this).
  function limitDepth(html, policy) {
    var pattern = new RegExp("<(/?)" + policy.blockNames + "\\b([^>]*)>", "gi");
    var depth = 0;
    var dropped = 0;
    return html.replace(pattern, function (tag, close, rest) {
      if (close) {
        if (dropped) {
          dropped -= 1;
          return "";
        }
        depth = Math.max(depth - 1, 0);
        return tag;
      }
      if (/\/\s*$/.test(rest)) return tag;
      if (depth >= policy.maxDepth) {
        dropped += 1;
        return "";
      }
      depth += 1;
      return tag;
    });
  }

  function renderMarkdown(text) {
    var policy = window.skillCatalogMarkdownPolicy;
    if (!window.markdownit || !window.DOMPurify || !policy || !window.DOMPurify.isSupported) {
      return null;
    }
    var engine = window.markdownit({html: true, linkify: true});
    var purify = window.DOMPurify;
    var allowedAttributes = {};
    Object.keys(policy.attributes).forEach(function (tag) {
      policy.attributes[tag].forEach(function (name) { allowedAttributes[name] = 1; });
    });
    var base = relpath.indexOf("/") >= 0 ? relpath.slice(0, relpath.lastIndexOf("/")) : "";
    var files = targets();
    // Per tag, as nh3 applies them: an attribute allowed on another tag only is dropped; so is
    // a class not listed for its tag (code blocks keep their language-* class).
    purify.addHook("uponSanitizeAttribute", function (node, event) {
      var tag = node.nodeName.toLowerCase();
      var name = event.attrName;
      if (name === "class") {
        var kept = (event.attrValue || "").split(/\s+/).filter(function (value) {
          var listed = policy.classes[tag] || [];
          return listed.indexOf(value) >= 0 || (tag === "code" && /^language-[\w+#.-]+$/.test(value));
        });
        event.attrValue = kept.join(" ");
        event.keepAttr = kept.length > 0;
        return;
      }
      var own = (policy.attributes[tag] || []).concat(policy.attributes["*"] || []);
      if (own.indexOf(name) < 0) {
        event.keepAttr = false;
        return;
      }
      if (name === "href" || name === "src") {
        var target = resolve(event.attrValue || "", name === "src" ? "image" : "link", base, files);
        if (!target) {
          event.keepAttr = false;
          return;
        }
        // Not forceKeepAttr, which would keep the author's value: DOMPurify writes this one
        // after checking it again (relative, http, https or mailto: all on its own list).
        event.attrValue = target.href;
      }
    });
    purify.addHook("afterSanitizeAttributes", function (node) {
      var tag = node.nodeName.toLowerCase();
      if (tag === "a" && /^https?:/i.test(node.getAttribute("href") || "")) {
        node.setAttribute("rel", "nofollow noopener noreferrer");
      } else if (tag === "a") {
        node.removeAttribute("rel");
      }
      // An image whose source was dropped becomes its alt text, as on the server.
      if (tag === "img" && !node.hasAttribute("src") && node.parentNode) {
        node.parentNode.replaceChild(document.createTextNode(node.getAttribute("alt") || ""), node);
      }
    });
    var fragment;
    try {
      fragment = purify.sanitize(limitDepth(engine.render(text), policy), {
        ALLOWED_TAGS: policy.tags,
        ALLOWED_ATTR: Object.keys(allowedAttributes).concat(["class", "rel"]),
        FORBID_CONTENTS: policy.dropWithContent,
        ALLOW_DATA_ATTR: false,
        ALLOW_ARIA_ATTR: false,
        ALLOW_UNKNOWN_PROTOCOLS: false,
        SANITIZE_NAMED_PROPS: true,  // ids and names prefixed user-content-, as on the server
        RETURN_DOM_FRAGMENT: true
      });
    } finally {
      purify.removeAllHooks();
    }
    // #fragment links to the author's ids follow their prefix.
    Array.prototype.forEach.call(fragment.querySelectorAll("a[href^='#']"), function (anchor) {
      var id = anchor.getAttribute("href").slice(1);
      if (id && id.indexOf("user-content-") !== 0 &&
          fragment.querySelector("[id='user-content-" + id.replace(/['\\]/g, "") + "']")) {
        anchor.setAttribute("href", "#user-content-" + id);
      }
    });
    return fragment;
  }

  // Shows the rendered file in place of the page's notice, saying when it was cut short.
  function place(wrapper, cut) {
    clear(body);
    body.appendChild(wrapper);
    if (cut) {
      var more = element("p", "truncated-notice", "This file is " + file.size +
        "; only its beginning is shown. The raw file holds all of it.");
      more.setAttribute("role", "note");
      body.appendChild(more);
    }
  }

  function showMarkdown(text, cut) {
    var fragment = renderMarkdown(text);
    if (!fragment) {
      notice(["The Markdown renderer did not load. ", link(file.raw, "Open the raw file"), "."]);
      return;
    }
    var wrapper = element("div", "markdown");
    wrapper.appendChild(fragment);
    place(wrapper, cut);
    if (window.skillCatalogHighlight) {
      Array.prototype.forEach.call(wrapper.querySelectorAll("pre > code"), function (code) {
        window.skillCatalogHighlight(code);
      });
    }
    if (window.skillCatalogMarkScrollers) window.skillCatalogMarkScrollers();
    if (window.location.hash.length > 1) window.location.replace(window.location.hash);
  }

  function show(bytes) {
    var cut = bytes.length > maxBytes;
    var text = new TextDecoder("utf-8").decode(cut ? bytes.subarray(0, maxBytes) : bytes);
    if (cut) {
      var end = text.lastIndexOf("\n");
      if (end > 0) text = text.slice(0, end + 1);
    }
    if (file.markdown) {
      showMarkdown(text, cut);
      return;
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
    place(wrapper, cut);
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
