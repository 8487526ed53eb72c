// Theme toggle and copy buttons. No inline handlers: the Content-Security-Policy forbids them.
(function () {
  "use strict";

  function currentTheme() {
    var set = document.documentElement.getAttribute("data-theme");
    if (set) return set;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  function setupTheme() {
    var button = document.getElementById("theme-toggle");
    if (!button) return;
    button.hidden = false;
    var update = function () {
      var theme = currentTheme();
      button.setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
      button.title = theme === "dark" ? "Dark theme (switch to light)" : "Light theme (switch to dark)";
    };
    update();
    button.addEventListener("click", function () {
      var next = currentTheme() === "dark" ? "light" : "dark";
      document.documentElement.setAttribute("data-theme", next);
      try { window.localStorage.setItem("skill-catalog-theme", next); } catch (e) { /* ignore */ }
      update();
    });
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.className = "visually-hidden";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      if (ok) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }

  function setupCopy() {
    var buttons = document.querySelectorAll("button.copy[data-copy]");
    Array.prototype.forEach.call(buttons, function (button) {
      var label = button.textContent;
      button.addEventListener("click", function () {
        var source = document.getElementById(button.getAttribute("data-copy"));
        if (!source) return;
        copyText(source.textContent).then(function () {
          button.textContent = "Copied";
          button.classList.add("copied");
        }, function () {
          button.textContent = "Press Ctrl+C";
          var range = document.createRange();
          range.selectNodeContents(source);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
        });
        window.setTimeout(function () {
          button.textContent = label;
          button.classList.remove("copied");
        }, 2000);
      });
    });
  }

  setupTheme();
  setupCopy();
})();
