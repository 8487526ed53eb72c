// Instant search and facet filters for the catalog's index page.
//
// Progressive enhancement: without this script the page is a plain list. With it, typing in
// #skill-search ranks the list with the site's search index and shows the matches in ranked
// order; checked facet values filter it (OR within a facet, AND across facets). The query and
// the checked values are kept in the page's address (?q=...&facet=value), and restored from it.
//
// A long list shows its first `data-batch` items (the page marks the rest `hidden`, and its
// "Show all" link reveals them without this script, through :target); the script shows that
// many of the matches at a time, with "Show more" and "Show all" below the list. Laying out
// every card of a 10,000-skill page takes Chromium about 1.8 s, a batch a few milliseconds.
//
// The index is the one `skill-catalog search --index` reads, written by skill_catalog/search
// as small scripts under data-index (default "search/"): meta.js first, then only the shards a
// query needs. Scripts, not fetch(), so that it works from file:// and under
// `script-src 'self'`. Data from the index never reaches innerHTML: the page only shows,
// hides and reorders the list items it already has.
//
// The tokenizer and ranking mirror skill_catalog/search/text.py and rank.py exactly; keep
// them in step (tests/test_search_browser.py compares the two).
(function () {
  "use strict";

  var input = document.getElementById("skill-search");
  var list = document.getElementById("skill-list");
  if (!input || !list) return;
  var status = document.getElementById("search-status");
  var noResults = document.getElementById("no-results");
  var base = input.getAttribute("data-index") || "search/";
  var data = (window.skillSearchData = window.skillSearchData || {});
  var own = Object.prototype.hasOwnProperty;

  var items = Array.prototype.filter.call(list.children, function (el) {
    return el.classList.contains("skill");
  });
  var total = items.length;
  var batch = parseInt(list.getAttribute("data-batch") || "", 10) || Infinity;
  var limit = batch;      // how many of the matches are shown
  list.classList.add("managed");  // hidden items stay hidden under :target from now on
  // Hiding many `display: list-item` elements makes Chromium renumber the list once per item
  // (5 s for 10,000 skills); as blocks they hide in one pass (40 ms). The page's CSS should
  // say `display: block` itself; this only covers a stylesheet that does not.
  var asBlocks = items.length > 0 && window.getComputedStyle(items[0]).display === "list-item";
  if (asBlocks) items.forEach(function (li) { setHidden(li, li.hidden); });
  var position = new Map();
  items.forEach(function (li, i) { position.set(li, i); });
  var end = total ? items[total - 1].nextSibling : null;  // where the last item sits

  // Each item's link and facets are read when first needed, not while the page loads.
  var byHref = null;
  function itemByHref() {
    if (!byHref) {
      byHref = new Map();
      items.forEach(function (li) {
        var link = li.querySelector("a[href]");
        // Cards link the page itself (skills/x/index.html, which works opened from disk);
        // the search index names the skill's URL (skills/x/).
        if (link) byHref.set(link.getAttribute("href").replace(/index\.html$/, ""), li);
      });
    }
    return byHref;
  }
  var facetCache = new Map();
  function facetsOf(li) {
    if (!facetCache.has(li)) {
      var parsed = {};
      try { parsed = JSON.parse(li.getAttribute("data-facets") || "{}") || {}; } catch (e) { parsed = {}; }
      facetCache.set(li, parsed);
    }
    return facetCache.get(li);
  }

  // ---- text: mirrors skill_catalog/search/text.py -------------------------------------
  var WORD = /[\p{L}\p{N}\p{M}]+/gu;
  var ENDS_IN_WORD = /[\p{L}\p{N}\p{M}]$/u;

  // The Combining Diacritical Marks blocks, as text.py's DIACRITICS: "cafe" finds "Café".
  var DIACRITIC = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;

  function fold(text) {
    var normal = text.normalize("NFKC").toLowerCase();
    if (!/[^\x00-\x7f]/.test(normal)) return normal;
    var decomposed = normal.normalize("NFD");
    var bare = decomposed.replace(DIACRITIC, "");
    return bare === decomposed ? normal : bare.normalize("NFC");
  }

  function words(text) {
    return fold(text).match(WORD) || [];
  }

  function length(word) {
    return Array.from(word).length;
  }

  function endsWith(word, suffixes) {
    return suffixes.some(function (s) { return word.endsWith(s); });
  }

  function stem(word) {
    var n = length(word);
    if (n > 4 && word.endsWith("ies")) return word.slice(0, -3) + "y";
    if (n > 4 && endsWith(word, ["sses", "xes", "ches", "shes"])) return word.slice(0, -2);
    if (n > 3 && word.endsWith("s") && !endsWith(word, ["ss", "us", "is"])) return word.slice(0, -1);
    return word;
  }

  function nameKey(text) {
    return words(text).join("-");
  }

  // ---- loading the index ----------------------------------------------------------------
  var loading = new Map();

  function load(file, key) {
    if (!loading.has(key)) {
      loading.set(key, new Promise(function (resolve, reject) {
        if (own.call(data, key)) { resolve(data[key]); return; }
        var script = document.createElement("script");
        script.src = base + file;
        script.async = true;
        script.addEventListener("load", function () {
          if (own.call(data, key)) resolve(data[key]);
          else reject(new Error("search index file without data: " + script.src));
        });
        script.addEventListener("error", function () {
          reject(new Error("cannot load search index file " + script.src));
        });
        document.head.appendChild(script);
      }));
    }
    return loading.get(key);
  }

  function fnv(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    return h;
  }

  function shardFile(key) {
    if (/^[a-z0-9]+$/.test(key)) return "t-" + key + ".js";
    var hex = "";
    new TextEncoder().encode(key).forEach(function (b) { hex += (b < 16 ? "0" : "") + b.toString(16); });
    return "u-" + hex + ".js";
  }

  var ready = null;
  // Resolves to the index: meta, stop words, and doc id -> list item.
  function openIndex() {
    if (!ready) {
      ready = load("meta.js", "meta").then(function (meta) {
        if (!meta || meta.version !== 2) throw new Error("unknown search index version");
        var hrefs = Array.from(itemByHref().keys()).sort();
        var docsReady = hrefs.length === meta.count && fnv(hrefs.join("\n")) === meta.sum
          ? Promise.resolve(hrefs)
          : load("docs.js?v=" + meta.v, "docs");
        return docsReady.then(function (urls) {
          return {
            meta: meta,
            stop: new Set(meta.stop),
            keys: meta.keys,
            urls: urls,
            items: urls.map(function (u) { return itemByHref().get(u) || null; })
          };
        });
      });
      ready.catch(function () { /* reported where it is used */ });
    }
    return ready;
  }

  function keyFor(index, text) {
    var best = null;
    index.keys.forEach(function (k) {
      if (text.startsWith(k) && (best === null || k.length > best.length)) best = k;
    });
    return best;
  }

  function shard(index, key) {
    return load(shardFile(key) + "?v=" + index.meta.v, "t:" + key);
  }

  // ---- ranking: mirrors skill_catalog/search/rank.py ------------------------------------
  function parseQuery(index, text) {
    var found = words(text);
    var partial = found.length > 0 && ENDS_IN_WORD.test(text);
    var plan = [];
    var seen = new Set();
    found.forEach(function (word, i) {
      var last = partial && i === found.length - 1;
      var exact = index.stop.has(word) ? null : stem(word);
      var prefix = last && length(word) >= index.meta.minPrefix ? word : null;
      var id = JSON.stringify([exact, prefix]);
      if ((exact || prefix) && !seen.has(id)) {
        seen.add(id);
        plan.push({ exact: exact, prefix: prefix });
      }
    });
    return plan;
  }

  function decode(flat, visit) {
    var doc = 0;
    for (var i = 0; i + 1 < flat.length; i += 2) {
      doc += flat[i];
      visit(doc, flat[i + 1]);
    }
  }

  // Every matching doc as {doc, score}, best first; score in half-impacts as in rank.py.
  function rank(index, text) {
    var plan = parseQuery(index, text);
    var name = nameKey(text);
    var wanted = new Set();
    var add = function (k) { if (k !== null) wanted.add(k); };
    plan.forEach(function (word) {
      if (word.exact !== null) add(keyFor(index, word.exact));
      if (word.prefix !== null) {
        add(keyFor(index, word.prefix));
        index.keys.forEach(function (k) { if (k.startsWith(word.prefix)) wanted.add(k); });
      }
    });
    if (name) add(keyFor(index, name));
    var keys = Array.from(wanted);
    return Promise.all(keys.map(function (k) { return shard(index, k); })).then(function (loaded) {
      var shards = new Map();
      keys.forEach(function (k, i) { shards.set(k, loaded[i]); });
      var entry = function (kind, text) {
        var k = keyFor(index, text);
        var table = k === null ? null : shards.get(k)[kind];
        return table && own.call(table, text) ? table[text] : null;
      };
      var scores = new Map();
      var matched = new Map();
      plan.forEach(function (word) {
        var best = new Map();
        var exact = word.exact === null ? null : entry("t", word.exact);
        if (exact) decode(exact, function (doc, impact) { best.set(doc, 2 * impact); });
        if (word.prefix !== null) {
          keys.forEach(function (k) {
            var terms = shards.get(k).t;
            Object.keys(terms).forEach(function (term) {
              if (term === word.exact || !term.startsWith(word.prefix)) return;
              decode(terms[term], function (doc, impact) {
                best.set(doc, Math.max(best.get(doc) || 0, impact));
              });
            });
          });
        }
        best.forEach(function (value, doc) {
          scores.set(doc, (scores.get(doc) || 0) + value);
          matched.set(doc, (matched.get(doc) || 0) + 1);
        });
      });
      var named = new Set(name ? entry("n", name) || [] : []);
      var all = Array.from(matched.keys());
      var everything = all.filter(function (d) { return matched.get(d) === plan.length; });
      var chosen = new Set(everything.length ? everything : all);
      named.forEach(function (d) { chosen.add(d); });
      var NAME_BONUS = index.meta.nameBonus;
      return Array.from(chosen).sort(function (a, b) {
        return (named.has(b) - named.has(a)) ||
          ((matched.get(b) || 0) - (matched.get(a) || 0)) ||
          ((scores.get(b) || 0) - (scores.get(a) || 0)) || (a - b);
      }).map(function (d) {
        return { doc: d, score: (scores.get(d) || 0) + (named.has(d) ? NAME_BONUS : 0) };
      });
    });
  }

  // ---- showing results ------------------------------------------------------------------
  var ranked = null;      // list items in ranked order, or null for "no query"
  var fallback = false;   // the index could not be loaded: plain text matching instead

  function checkedFacets() {
    var chosen = new Map();
    document.querySelectorAll("fieldset.facet[data-facet]").forEach(function (set) {
      var values = new Set();
      set.querySelectorAll("input[type=checkbox]:checked").forEach(function (box) { values.add(box.value); });
      if (values.size) chosen.set(set.getAttribute("data-facet"), values);
    });
    return chosen;
  }

  function passesFacets(li, chosen) {
    var facets = facetsOf(li);
    var ok = true;
    chosen.forEach(function (values, facet) {
      if (!ok) return;
      var has = own.call(facets, facet) && Array.isArray(facets[facet]) ? facets[facet] : [];
      ok = has.some(function (v) { return values.has(String(v)); });
    });
    return ok;
  }

  function skillChildren() {
    return Array.prototype.filter.call(list.children, function (el) {
      return el.classList.contains("skill");
    });
  }

  // Visible items must appear in `shown` order; where hidden ones sit does not matter, so
  // only the shown ones move (a few nodes per keystroke, not the whole list), and only the
  // moved ones go back to their places when the query is cleared. Only the items shown before
  // or after are touched: at 10,000 items, a pass over all of them costs about 10 ms.
  var moved = new Set();
  var visible = null;     // the items shown, once known
  function setHidden(li, hide) {
    li.hidden = hide;
    if (asBlocks) li.style.display = hide ? "none" : "block";
  }
  function arrange(shown) {
    var shownSet = new Set(shown);
    if (visible === null) visible = new Set(items.filter(function (li) { return !li.hidden; }));
    visible.forEach(function (li) { if (!shownSet.has(li)) setHidden(li, true); });
    shown.forEach(function (li) { if (!visible.has(li)) setHidden(li, false); });
    visible = shownSet;
    if (ranked === null) {
      // Last first, so that each one's successor in the page's order is already in place.
      Array.from(moved).sort(function (a, b) { return position.get(b) - position.get(a); })
        .forEach(function (li) {
          var next = position.get(li) + 1;
          list.insertBefore(li, next < total ? items[next] : end);
        });
      moved.clear();
      return;
    }
    var inOrder = shown.every(function (li, i) {
      return i === 0 || (shown[i - 1].compareDocumentPosition(li) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    if (!inOrder) {
      var fragment = document.createDocumentFragment();
      shown.forEach(function (li) { fragment.appendChild(li); moved.add(li); });
      list.insertBefore(fragment, list.firstChild);
    }
  }

  var more = document.getElementById("list-more");
  var moreText = document.getElementById("list-more-text");
  var showMore = document.getElementById("show-more");
  var showAll = document.getElementById("show-all");

  function render() {
    var chosen = checkedFacets();
    var matching = ranked || items;
    if (chosen.size) matching = matching.filter(function (li) { return passesFacets(li, chosen); });
    var shown = matching.length > limit ? matching.slice(0, limit) : matching;
    arrange(shown);
    var filtering = ranked !== null || chosen.size > 0;
    var none = filtering && matching.length === 0;
    if (status) {
      status.textContent = none ? nothingFound(chosen.size) + "."
        : filtering || status.textContent
          ? matching.length + " of " + total + " skills" + (fallback && ranked ? " (matching text only)" : "")
          : "";
    }
    if (noResults) {
      noResults.hidden = !none;
      if (none) explainNothing(chosen.size);
    }
    if (more) {
      var left = matching.length - shown.length;
      more.hidden = left === 0;
      if (moreText) {
        moreText.textContent = "Showing " + shown.length + " of " + matching.length +
          (filtering ? " matching skills." : " skills.");
      }
      if (showMore) showMore.textContent = "Show " + Math.min(batch, left) + " more";
      if (showAll) showAll.textContent = "Show all " + matching.length;
    }
    return shown;
  }

  // No match: what was looked for, and the way back (clear the search, clear the filters).
  var noResultsText = document.getElementById("no-results-text") || noResults;
  var clearSearch = document.getElementById("clear-search");
  var clearFilters = document.getElementById("clear-filters");

  function quoted(text) {
    var chars = Array.from(text.trim().replace(/\s+/g, " "));
    return "\u201c" + (chars.length > 60 ? chars.slice(0, 59).join("") + "\u2026" : chars.join("")) + "\u201d";
  }

  function filtersChosen(count) {
    return count === 1 ? "the filter chosen" : "the " + count + " filters chosen";
  }

  function nothingFound(filters) {
    var query = ranked !== null ? quoted(input.value) : "";
    if (query && filters) return "No skill matches " + query + " with " + filtersChosen(filters);
    if (query) return "No skill matches " + query;
    return "No skill has " + filtersChosen(filters);
  }

  function explainNothing(filters) {
    var searched = ranked !== null;
    var next = searched && filters ? "Try other words, or clear the search or the filters."
      : searched ? "Try other or fewer words, or clear the search to see all " + total + " skills."
      : "Clear the filters to see all " + total + " skills.";
    if (noResultsText) noResultsText.textContent = nothingFound(filters) + ". " + next;
    if (clearSearch) clearSearch.hidden = !searched;
    if (clearFilters) clearFilters.hidden = !filters;
  }

  // More of the matches: the keyboard moves on to the first one revealed.
  function reveal(count) {
    var before = limit;
    limit = count;
    var shown = render();
    var first = shown[before] && shown[before].querySelector("a[href]");
    if (first) first.focus();
  }
  if (showMore) {
    showMore.hidden = false;  // without this script the page offers "Show all" only
    showMore.addEventListener("click", function () { reveal(limit + batch); });
  }
  if (showAll) {
    showAll.addEventListener("click", function (event) {
      event.preventDefault();
      reveal(Infinity);
    });
  }

  // A link to a card the batch hides (index.html#skill-x) shows the batches up to it; a link
  // to the list itself is "Show all", perhaps followed before this script ran.
  function showTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || ranked !== null) return;
    if (target === list) {
      limit = Infinity;
    } else if (position.has(target) && target.hidden) {
      limit = Math.max(limit, Math.ceil((position.get(target) + 1) / batch) * batch);
    } else {
      return;
    }
    render();
    target.scrollIntoView();
  }

  function textMatches(text) {
    var wanted = words(text);
    return items.filter(function (li) {
      var hay = words(li.textContent).join(" ");
      return wanted.every(function (w) { return hay.indexOf(w) >= 0; });
    });
  }

  // ---- the query and the checked facets in the page's address --------------------------
  // ?q=words&status=invalid&tool=codex: a search can be shared, bookmarked and reloaded. The
  // address is replaced, not pushed (typing does not fill the history), and works on file://
  // (only the query string changes). Parameters the page does not know are kept.
  var facetSets = Array.prototype.slice.call(document.querySelectorAll("fieldset.facet[data-facet]"));

  function facetKeys() {
    return facetSets.map(function (set) { return set.getAttribute("data-facet"); });
  }

  function writeAddress() {
    if (!window.history || !window.history.replaceState || !window.URLSearchParams) return;
    var params = new URLSearchParams(window.location.search);
    params.delete("q");
    facetKeys().forEach(function (key) { params.delete(key); });
    if (input.value.trim()) params.set("q", input.value);
    checkedFacets().forEach(function (values, key) {
      values.forEach(function (value) { params.append(key, value); });
    });
    var query = params.toString();
    var address = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
    if (address === window.location.pathname + window.location.search + window.location.hash) return;
    try { window.history.replaceState(window.history.state, "", address); } catch (e) { /* a sandboxed page */ }
  }

  // The address's query and facets, put in the search box and the filters; true if any.
  function readAddress() {
    if (!window.URLSearchParams || !window.location.search) return false;
    var params = new URLSearchParams(window.location.search);
    var found = false;
    if (params.has("q")) {
      input.value = params.get("q");
      found = true;
    }
    facetSets.forEach(function (set) {
      var wanted = new Set(params.getAll(set.getAttribute("data-facet")));
      if (!wanted.size) return;
      set.querySelectorAll("input[type=checkbox]").forEach(function (box) {
        if (wanted.has(box.value)) { box.checked = true; found = true; }
      });
    });
    return found;
  }

  var sequence = 0;
  function search() {
    var text = input.value;
    var mine = ++sequence;
    limit = batch;
    writeAddress();
    if (!text.trim()) {
      ranked = null;
      render();
      return Promise.resolve();
    }
    return openIndex().then(function (index) {
      return rank(index, text).then(function (hits) {
        if (mine !== sequence) return;
        fallback = false;
        var seen = new Set();
        ranked = hits.map(function (h) { return index.items[h.doc]; }).filter(function (li) {
          if (!li || seen.has(li)) return false;
          seen.add(li);
          return true;
        });
        render();
      });
    }).catch(function () {
      if (mine !== sequence) return;
      fallback = true;
      ranked = textMatches(text);
      render();
    });
  }

  // The first keystroke searches at once; while typing goes on, at most one search per 60 ms,
  // and always one after the last keystroke.
  var timer = 0;
  var lastSearch = -Infinity;
  function searchNow() {
    lastSearch = performance.now();
    search();
  }
  input.addEventListener("input", function () {
    window.clearTimeout(timer);
    var wait = lastSearch + 60 - performance.now();
    if (wait <= 0) searchNow();
    else timer = window.setTimeout(searchNow, wait);
  });
  input.addEventListener("focus", function () { openIndex().catch(function () {}); });
  document.querySelectorAll("fieldset.facet input[type=checkbox]").forEach(function (box) {
    box.addEventListener("change", function () {
      limit = batch;
      writeAddress();
      render();
    });
  });

  // ---- keyboard -------------------------------------------------------------------------
  function visibleLinks() {
    return skillChildren().filter(function (li) { return !li.hidden; }).map(function (li) { return li.querySelector("a[href]"); }).filter(Boolean);
  }

  function typing(el) {
    if (!el) return false;
    if (el.isContentEditable) return true;
    var tag = el.tagName;
    if (tag === "TEXTAREA" || tag === "SELECT") return true;
    return tag === "INPUT" && !/^(checkbox|radio|button|submit|reset)$/i.test(el.type);
  }

  function clear() {
    window.clearTimeout(timer);
    input.value = "";
    search();
    input.focus();
  }

  if (clearSearch) clearSearch.addEventListener("click", clear);
  if (clearFilters) {
    clearFilters.addEventListener("click", function () {
      document.querySelectorAll("fieldset.facet input[type=checkbox]:checked").forEach(function (box) {
        box.checked = false;
      });
      limit = batch;
      writeAddress();
      render();
      input.focus();
    });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey &&
        !typing(document.activeElement)) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });

  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") {
      var links = visibleLinks();
      if (links.length) {
        event.preventDefault();
        links[0].focus();
      }
    } else if (event.key === "Escape") {
      if (input.value) {
        event.preventDefault();
        clear();
      }
    } else if (event.key === "Enter") {
      event.preventDefault();
      window.clearTimeout(timer);
      search().then(function () {
        var links = visibleLinks();
        if (input.value.trim() && links.length) links[0].click();
      });
    }
  });

  list.addEventListener("keydown", function (event) {
    var links = visibleLinks();
    var at = links.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (at + 1 < links.length) links[at + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (at > 0) links[at - 1].focus();
      else input.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      clear();
    }
  });

  // The item whose link has the keyboard focus is marked `active` for the stylesheet.
  list.addEventListener("focusin", function (event) {
    var li = event.target.closest ? event.target.closest("li.skill") : null;
    if (li) li.classList.add("active");
  });
  list.addEventListener("focusout", function (event) {
    var li = event.target.closest ? event.target.closest("li.skill") : null;
    if (li) li.classList.remove("active");
  });

  // For tests and benchmarks: rank as the page does, without touching the list.
  window.skillSearch = {
    rank: function (text) {
      return openIndex().then(function (index) {
        return rank(index, text).then(function (hits) {
          return hits.map(function (h) { return { url: index.urls[h.doc], score: h.score }; });
        });
      });
    },
    search: search,
    words: words
  };

  // A query or facets in the address, or restored by the browser (back button), apply at once;
  // checked filters are shown even where the panel starts folded (a phone).
  if (readAddress() && checkedFacets().size) {
    var panel = document.querySelector("details.facets-panel");
    if (panel) panel.open = true;
  }
  if (input.value.trim()) search();
  else if (checkedFacets().size) { writeAddress(); render(); }
  if (batch !== Infinity) {
    window.addEventListener("hashchange", showTarget);
    showTarget();
  }
})();
