// A skill page's per-tool sections (every install route, the prompt fragment, which agents
// load the skill), built from the data the page carries in #install's data-tools (JSON written
// by skill_catalog.site.pages.views.tools_json), instead of the same HTML in every page.
// Without script the page shows one install command and links catalog.json and the prompt file
// (#tools-fallback). Every value goes into the page with textContent or setAttribute: no
// innerHTML, no inline script, no eval, so the Content-Security-Policy (script-src 'self')
// holds and no value from a skill can become markup.
(function () {
  "use strict";
  var section = document.getElementById("install");
  if (!section) return;
  var data;
  try {
    data = JSON.parse(section.getAttribute("data-tools") || "null");
  } catch (e) {
    return;
  }
  if (!data) return;
  var root = section.getAttribute("data-root") || "";

  function element(name, className, text) {
    var node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function append(parent, parts) {
    parts.forEach(function (part) {
      parent.appendChild(typeof part === "string" ? document.createTextNode(part) : part);
    });
    return parent;
  }

  function link(href, text, download) {
    var node = element("a", "", text);
    node.setAttribute("href", href);
    if (download) node.setAttribute("download", "");
    return node;
  }

  function code(text) {
    return element("code", "", text);
  }

  function copyButton(id, what, inline) {
    var button = document.createElement("button");
    button.setAttribute("type", "button");
    button.className = inline ? "copy copy-inline" : "copy";
    button.setAttribute("data-copy", id);
    button.appendChild(element("span", "copy-label", "Copy"));
    if (what) button.appendChild(element("span", "visually-hidden", " " + what));
    return button;
  }

  function copyBlock(id, text, what) {
    var block = element("div", "copy-block");
    var pre = element("pre");
    var command = code(text);
    command.id = id;
    pre.appendChild(command);
    block.appendChild(pre);
    block.appendChild(copyButton(id, what, false));
    return block;
  }

  function card(id, title) {
    var node = element("section", "card");
    node.setAttribute("aria-labelledby", id);
    var heading = element("h2", "", title);
    heading.id = id;
    node.appendChild(heading);
    return node;
  }

  function installRoutes(i) {
    var box = element("div", "install");
    box.id = "install-routes";
    if (i.npx) {
      box.appendChild(element("h3", "", "With the skills CLI"));
      box.appendChild(copyBlock("install-npx", i.npx, "the npx command"));
    }
    var plugin = i.claude_code;
    if (plugin) {
      box.appendChild(element("h3", "", "As a Claude Code plugin"));
      var intro = element("p", "", "In Claude Code, add the catalog's marketplace once, then install the plugin");
      if (plugin.skills > 1) {
        var others = plugin.skills - 1;
        append(intro, [" ", code(plugin.plugin.split("@")[0]), ", which holds this skill and " +
          others + " other" + (others > 1 ? "s" : "")]);
      }
      intro.appendChild(document.createTextNode(":"));
      box.appendChild(intro);
      box.appendChild(copyBlock("install-plugin-add", plugin.commands[0], "the marketplace command"));
      box.appendChild(copyBlock("install-plugin", plugin.commands[1], "the plugin command"));
      box.appendChild(element("p", "install-note", "Needs Claude Code " + plugin.requires +
        " or later, the first release that reads this marketplace's archive sources; a release older than " +
        i.breaks_before + " cannot load the marketplace at all. On an older release, copy the skill by hand (below)."));
    }
    box.appendChild(element("h3", "", "In Claude.ai"));
    if (i.claude_ai) {
      var steps = element("ol");
      steps.appendChild(append(element("li"), [link(root + i.claude_ai, "Download the zip", true), "."]));
      steps.appendChild(element("li", "", "Open Settings \u2192 Capabilities \u2192 Skills."));
      steps.appendChild(element("li", "", "Choose \u201cUpload skill\u201d and pick the zip."));
      box.appendChild(steps);
    } else {
      box.appendChild(element("p", "install-note", "Claude.ai's \u201cUpload skill\u201d refuses this skill: " +
        i.claude_ai_problem + "."));
    }
    box.appendChild(element("h3", "", "By hand, into an agent's skills folder"));
    var lands = ["the skill lands in ", code("<folder>/" + i.name + "/"), "."];
    if (i.download) {
      box.appendChild(append(element("p"), ["Download the zip (", link(root + i.zip, i.zip_name, true),
        "), or fetch it:"]));
      box.appendChild(copyBlock("install-download", i.download, "the download command"));
      box.appendChild(append(element("p"), ["Then unpack it into the folder of your agent, beside the zip: "].concat(lands)));
    } else {
      box.appendChild(append(element("p"), [link(root + i.zip, "Download the zip", true), " (" + i.zip_name +
        "), then unpack it into the folder of your agent, beside the zip: "].concat(lands)));
    }
    var number = 0;
    [["project", "For one project (run in the project's folder)"],
     ["personal", "For you, in every project"]].forEach(function (scope) {
      var rows = i.rows.filter(function (row) { return row[0] === scope[0]; });
      if (!rows.length) return;
      var heading = element("h4", "", scope[1]);
      heading.id = "install-scope-" + scope[0];
      box.appendChild(heading);
      var table = element("table", "install-table stack-table");
      table.setAttribute("aria-labelledby", heading.id);
      var head = element("thead");
      var headRow = element("tr");
      ["Folder", "Read by", "Command"].forEach(function (title) {
        var cell = element("th", "", title);
        cell.setAttribute("scope", "col");
        headRow.appendChild(cell);
      });
      head.appendChild(headRow);
      table.appendChild(head);
      var body = element("tbody");
      rows.forEach(function (row) {
        number += 1;
        var id = "install-folder-" + number;
        var tr = element("tr");
        var folder = element("th");
        folder.setAttribute("scope", "row");
        folder.appendChild(code(row[1]));
        tr.appendChild(folder);
        var tools = element("td", "", row[2]);
        tools.setAttribute("data-label", "Read by");
        tr.appendChild(tools);
        var cell = element("td");
        cell.setAttribute("data-label", "Command");
        var line = element("div", "copy-line");
        var command = code();
        command.id = id;
        // Each word unbroken, so that a narrow screen wraps the command between words only.
        row[3].split(" ").forEach(function (word, index) {
          if (index) command.appendChild(document.createTextNode(" "));
          command.appendChild(element("span", "nobr", word));
        });
        line.appendChild(command);
        line.appendChild(copyButton(id, "the command for " + row[1], true));
        cell.appendChild(line);
        tr.appendChild(cell);
        body.appendChild(tr);
      });
      table.appendChild(body);
      box.appendChild(table);
    });
    return box;
  }

  function promptSection(prompt) {
    var node = card("prompt-title", "Prompt fragment");
    node.appendChild(append(element("p"), ["What an agent is shown at start-up for this skill (the spec's ",
      code("<available_skills>"), " format)."]));
    var block = copyBlock("prompt-fragment", prompt, "");
    node.appendChild(block);
    return node;
  }

  function agentsSection(agents) {
    var node = card("agents-title", "Which agents load it");
    node.appendChild(element("p", "", "What each tool does with this copy of the skill, started in this " +
      "repository's checkout, and once the skill is installed in one of the tool's folders:"));
    var list = element("ul", "agent-verdicts");
    agents.forEach(function (a) {
      // [title, loaded, state, label, reason, unlisted]
      var item = element("li", "verdict verdict-" + (a[1] ? "yes" : "no") + " verdict-" + a[2]);
      item.appendChild(element("strong", "", a[0]));
      var text = ": " + a[3];
      if (a[4]) text += " \u2014 " + a[4];
      if (a[5]) text += " (not in the model's listing: " + a[5] + ")";
      item.appendChild(document.createTextNode(text));
      list.appendChild(item);
    });
    node.appendChild(list);
    return node;
  }

  var shown = document.getElementById("install-routes");
  if (data.install && shown) shown.parentNode.replaceChild(installRoutes(data.install), shown);
  var fallback = document.getElementById("tools-fallback");
  if (fallback) fallback.parentNode.removeChild(fallback);
  var after = section;
  [promptSection(data.prompt)].concat(data.agents && data.agents.length ? [agentsSection(data.agents)] : [])
    .forEach(function (node) {
      after.parentNode.insertBefore(node, after.nextSibling);
      after = node;
    });
  if (window.skillCatalogSetupCopy) window.skillCatalogSetupCopy(document);
})();
