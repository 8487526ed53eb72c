// Highlights code in the browser with the vendored highlight.js (assets/vendor/highlight/),
// which pages holding code load just before this file. No inline script, no eval: it runs under
// the site's Content-Security-Policy (script-src 'self'), and from file:// too.
//
// Fenced code is <pre><code class="language-xxx">; a file view is <div class="numbered-code">
// with one <span class="line"> per line, highlighted as a whole (tokens such as strings and
// comments can span lines) and split back into its lines. Languages the bundle lacks but
// vendor/highlight/languages/ holds are loaded on first use; unknown ones stay plain text.
(function () {
  "use strict";
  var hljs = window.hljs;
  if (!hljs) {
    return;
  }
  var MAX_CHARS = 300000; // longer code stays plain: highlighting it would stall the page
  var PLAIN = { plaintext: true, text: true, txt: true, plain: true };
  var EXTRA = {
    powershell: "powershell", pwsh: "powershell", ps: "powershell", ps1: "powershell",
    dos: "dos", bat: "dos", batch: "dos", cmd: "dos",
    dockerfile: "dockerfile", docker: "dockerfile",
    latex: "latex", tex: "latex",
    properties: "properties",
    http: "http", https: "http"
  };
  var script = document.currentScript;
  var base = script ? script.src.replace(/[^\/]*$/, "") + "vendor/highlight/languages/" : "";
  var loading = {};

  function languageOf(code) {
    var match = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className);
    return match ? match[1].toLowerCase() : "";
  }

  function load(language) {
    var file = EXTRA[language];
    if (!file || !base) {
      return Promise.resolve();
    }
    if (!loading[file]) {
      loading[file] = new Promise(function (resolve) {
        var tag = document.createElement("script");
        tag.src = base + file + ".min.js";
        tag.onload = resolve;
        tag.onerror = resolve;
        document.head.appendChild(tag);
      });
    }
    return loading[file];
  }

  // hljs's HTML (escaped text and <span class="...">, spans possibly crossing line breaks)
  // split into lines, each closing the spans still open at its end and reopening them next line.
  function splitLines(markup) {
    var lines = [];
    var open = [];
    var line = "";
    var last = 0;
    var token = /<span[^>]*>|<\/span>|\n/g;
    var match;
    while ((match = token.exec(markup)) !== null) {
      line += markup.slice(last, match.index);
      last = token.lastIndex;
      if (match[0] === "\n") {
        lines.push(line + "</span>".repeat(open.length));
        line = open.join("");
      } else if (match[0] === "</span>") {
        open.pop();
        line += match[0];
      } else {
        open.push(match[0]);
        line += match[0];
      }
    }
    lines.push(line + markup.slice(last));
    return lines;
  }

  function highlighted(text, language) {
    return hljs.highlight(text, { language: language, ignoreIllegals: true }).value;
  }

  function highlightLines(code, language) {
    var rows = code.querySelectorAll("span.line");
    var texts = Array.prototype.map.call(rows, function (row) { return row.textContent; });
    var text = texts.join("\n");
    if (text.length > MAX_CHARS) {
      return;
    }
    var lines = splitLines(highlighted(text, language));
    if (lines.length !== rows.length) {
      return;
    }
    Array.prototype.forEach.call(rows, function (row, index) {
      var number = row.querySelector("a.line-number");
      if (!number) {
        return;
      }
      while (number.nextSibling) {
        row.removeChild(number.nextSibling);
      }
      number.insertAdjacentHTML("afterend", lines[index]);
    });
    code.classList.add("hljs");
  }

  function highlightBlock(code, language) {
    var text = code.textContent;
    if (text.length > MAX_CHARS) {
      return;
    }
    code.innerHTML = highlighted(text, language);
    code.classList.add("hljs");
  }

  function highlight(code) {
    var language = languageOf(code);
    if (!language || PLAIN[language]) {
      return;
    }
    function run() {
      if (!hljs.getLanguage(language)) {
        return;
      }
      if (code.parentNode.parentNode.classList.contains("numbered-code")) {
        highlightLines(code, language);
      } else {
        highlightBlock(code, language);
      }
    }
    if (hljs.getLanguage(language)) {
      run();
    } else {
      load(language).then(run);
    }
  }

  Array.prototype.forEach.call(document.querySelectorAll("pre > code[class*='language-']"),
    highlight);
  // For code put in the page later (the file viewer, assets/viewer.js).
  window.skillCatalogHighlight = highlight;
})();
