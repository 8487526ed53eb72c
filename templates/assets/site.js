// Theme toggle, copy buttons, and small enhancements for keyboard and small-screen readers.
// No inline handlers: the Content-Security-Policy forbids them.
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
    // Following the system theme, the button's state follows it too.
    if (window.matchMedia) {
      var query = window.matchMedia("(prefers-color-scheme: dark)");
      if (query.addEventListener) query.addEventListener("change", update);
    }
  }

  // Copies with execCommand from an off-screen textarea: for pages where the asynchronous
  // Clipboard API is missing or refused (plain http, older browsers).
  function copyWithCommand(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.setAttribute("aria-hidden", "true");
    area.tabIndex = -1;
    area.className = "copy-buffer";
    var focused = document.activeElement;
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    document.body.removeChild(area);
    if (focused && focused.focus) focused.focus();
    return ok;
  }

  function copyText(text) {
    var viaCommand = function () {
      return copyWithCommand(text) ? Promise.resolve() : Promise.reject(new Error("copy failed"));
    };
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(null, viaCommand);
    }
    return viaCommand();
  }

  // Binds the copy buttons below ``scope`` not bound yet (assets/skill.js adds some later).
  function setupCopy(scope) {
    var buttons = (scope || document).querySelectorAll("button.copy[data-copy]");
    Array.prototype.forEach.call(buttons, function (button) {
      if (button.skillCatalogCopy) return;
      button.skillCatalogCopy = true;
      // A button whose name goes on in hidden text ("Copy the command for ...") shows its
      // state in its visible part only.
      var shown = button.querySelector(".copy-label") || button;
      var label = shown.textContent;
      var timer = 0;
      button.addEventListener("click", function () {
        var source = document.getElementById(button.getAttribute("data-copy"));
        if (!source) return;
        window.clearTimeout(timer);
        copyText(source.textContent).then(function () {
          shown.textContent = "Copied";
          button.classList.add("copied");
        }, function () {
          // Nothing could write the clipboard: select the text for the reader to copy.
          shown.textContent = "Press Ctrl+C";
          var range = document.createRange();
          range.selectNodeContents(source);
          var selection = window.getSelection();
          selection.removeAllRanges();
          selection.addRange(range);
        });
        timer = window.setTimeout(function () {
          shown.textContent = label;
          button.classList.remove("copied");
        }, 2000);
      });
    });
  }

  // A box that scrolls sideways (a long code line, a wide table) must be reachable by the
  // keyboard, or its hidden part cannot be scrolled into view without a mouse. Boxes that
  // already hold a link or control are reachable through it.
  var SCROLLERS = "main pre, main table, main .table-scroll";

  function markScrollers() {
    Array.prototype.forEach.call(document.querySelectorAll(SCROLLERS), function (box) {
      var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
      var owned = box.getAttribute("data-scroll-focus") === "1";
      if (scrolls && !box.hasAttribute("tabindex") && !box.querySelector("a[href], button, input")) {
        box.tabIndex = 0;
        box.setAttribute("data-scroll-focus", "1");
      } else if (!scrolls && owned) {
        box.removeAttribute("tabindex");
        box.removeAttribute("data-scroll-focus");
      }
    });
  }

  function setupScrollers() {
    markScrollers();
    var timer = 0;
    window.addEventListener("resize", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(markScrollers, 150);
    });
    // Highlighting and web fonts can change widths after this script ran.
    window.addEventListener("load", markScrollers);
  }

  // On a phone the filters start folded, so that the skills come first; so does a skill's
  // outline, which follows the skill there.
  function setupFolding() {
    if (!window.matchMedia || !window.matchMedia("(max-width: 860px)").matches) return;
    var panel = document.querySelector("details.facets-panel");
    if (panel && !panel.querySelector("input:checked")) panel.open = false;
    var outline = document.querySelector("details.toc");
    if (outline) outline.open = false;
  }

  // A link to a skill's script or data file opens its raw copy; served over HTTP, it opens the
  // skill's viewer instead (data-view), which reads that raw copy and shows it numbered and
  // highlighted. From file:// a page cannot read another file, so the raw copy it stays.
  function setupViewerLinks() {
    if (location.protocol !== "http:" && location.protocol !== "https:") return;
    Array.prototype.forEach.call(document.querySelectorAll("a[data-view]"), function (link) {
      link.setAttribute("href", link.getAttribute("data-view"));
    });
  }

  window.skillCatalogSetupCopy = setupCopy;
  window.skillCatalogMarkScrollers = markScrollers;  // for content added later (the viewer)
  setupTheme();
  setupViewerLinks();
  setupCopy();
  setupFolding();
  setupScrollers();
})();
