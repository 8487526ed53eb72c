"""Skill files a browser would run on the catalog's origin, or a web host would act on, if the
site served them under their own names.

Every page of the site carries a Content-Security-Policy and holds only sanitised content, but
a skill's own files are copied as they are:

- a file a host serves as HTML, XHTML or any XML type (``.html``, ``.svg``, ``.xsd``, ``.rss``,
  ``.xul``...) would run its scripts with the site's origin, outside any policy of ours (a
  static host cannot be told to send one), and a page of the origin could load a ``.js`` file
  as a script; which names those are is decided by the hosts' own tables
  (:mod:`~skill_catalog.site.publish.media_types`), for every extension of the name;
- a web host acts on some names wherever they are: ``.htaccess`` reconfigures Apache for its
  folder, ``web.config`` IIS, ``.user.ini`` PHP, ``staticwebapp.config.json`` a whole Azure
  Static Web App; ``_headers``, ``_redirects``, ``_routes.json``, ``_worker.js``, ``CNAME``,
  ``.nojekyll``, ``netlify.toml``, ``vercel.json``, ``firebase.json`` configure a host from
  the site's root (:data:`HOST_CONFIG_NAMES`);
- a server-side script (``.php``, ``.phtml``, ``.asp``, ``.aspx``, ``.jsp``, ``.cgi``,
  ``.pl``, ``.shtml``: :data:`SERVER_EXTENSIONS`) runs on a host that maps its extension,
  and Apache's ``AddHandler`` maps every dot-separated part of a name, not only the last:
  ``run.php.txt`` still runs as PHP there.

So:

- the raw copies (``skills/<slug>/raw/``, or a listed skill's ``.well-known/skills/<name>/``)
  and the file pages (``files/<name>.html``) use a neutral name for a path part a host would
  act on (:func:`neutral_part`: its dots become ``_`` and a file gets ``.txt``: ``.htaccess``
  -> ``_htaccess.txt``, ``run.php`` -> ``run_php.txt``), and ``<relpath>.txt`` for documents
  and scripts (``page.html`` -> ``page.html.txt``, ``feed.rss`` -> ``feed.rss.txt``): the
  pages link there, and every host serves ``.txt`` as text;
- the ``.well-known/skills/`` index (whose file names it fixes: a client installs each file
  under the name it was fetched by) leaves all of these out, with a note (their neutral raw
  copies sit in the folder, unlisted); it serves the JavaScript files and the inert SVG and
  XML files under their own names, which are then their raw copies;
- the zips carry every file under its real name: a host serves a zip as it is.
"""

from __future__ import annotations

from skill_catalog.site.publish.media_types import SCRIPT, XML, last_risk, name_risk

HOST_CONFIG_NAMES = frozenset({
    # Apache and PHP: per folder, wherever they are
    ".htaccess", ".htpasswd", ".htgroup", ".htdigest", ".user.ini", "php.ini", "php5.ini",
    "php7.ini",
    # IIS and ASP/ASP.NET: per folder or per application
    "web.config", "global.asa", "global.asax", "app_offline.htm",
    # static hosts, from the site's root (Netlify, Cloudflare Pages, GitHub Pages, Vercel,
    # Firebase, Azure Static Web Apps: the first staticwebapp.config.json found anywhere)
    "_headers", "_redirects", "_routes.json", "_worker.js", "cname", ".nojekyll",
    "_config.yml", "netlify.toml", "vercel.json", "now.json", "firebase.json",
    "staticwebapp.config.json", "routes.json", "static.json",
    # browser plug-ins' cross-domain policies, and the root's well-known folder
    "crossdomain.xml", "clientaccesspolicy.xml", ".well-known",
})
"""Names (compared in lower case) that web hosts read as their configuration."""

SERVER_EXTENSIONS = frozenset({
    "php", "php2", "php3", "php4", "php5", "php6", "php7", "php8", "phtml", "pht", "phar",
    "asp", "aspx", "asa", "asax", "ascx", "ashx", "asmx", "axd", "cshtml", "vbhtml", "svc",
    "jsp", "jspx", "jsw", "jsv",
    "cfm", "cfml", "cfc",
    "cgi", "fcgi", "pl", "plx",
    "shtml", "shtm", "stm", "ssi",
})
"""Extensions (in lower case) that some web host runs or parses on the server: PHP, ASP and
ASP.NET, Java server pages, ColdFusion, CGI and Perl, server-side includes."""


def runs_as_document(name: str) -> bool:
    """True for a file name some host serves as a type a browser opens as a document that
    can run script (HTML, XHTML, SVG, any XML), by any of its extensions."""
    return name_risk(name.rsplit("/", 1)[-1]) >= XML


def runs_as_script(name: str) -> bool:
    """True for a file name some host serves as JavaScript (or as a document)."""
    return name_risk(name.rsplit("/", 1)[-1]) >= SCRIPT


def checkable_xml(name: str) -> bool:
    """True for a document that may be served under its own name if it parses as inert XML
    (:mod:`~skill_catalog.site.publish.inert_xml`): every risky extension is an XML one and
    the last extension is one of them (``logo.svg``, not ``logo.svg.gz``: compressed or
    otherwise encoded, its bytes are not what the check reads)."""
    base = name.rsplit("/", 1)[-1]
    return name_risk(base) == XML and last_risk(base) == XML


def _plain(part: str) -> str:
    """``part`` as a Windows host stores it (trailing dots and spaces dropped), in lower case."""
    return part.rstrip(". ").lower()


def host_acts_on(part: str) -> bool:
    """True when a web host would act on a path part of this name: a configuration file's
    name, or a name with a server-side extension as any of its dot-separated parts (``;``
    ends a part for IIS: ``run.asp;.jpg`` runs as ASP)."""
    plain = _plain(part)
    if plain in HOST_CONFIG_NAMES:
        return True
    return any(extension.split(";", 1)[0].strip() in SERVER_EXTENSIONS
               for extension in plain.split(".")[1:])


def host_acts_on_path(relpath: str) -> bool:
    """True when a host would act on any part of ``relpath`` (``/``-separated)."""
    return any(host_acts_on(part) for part in relpath.split("/"))


def neutral_part(part: str, *, last: bool) -> str:
    """``part`` under a name no host acts on: as it is when no host would, else with its dots
    as ``_`` (no extension left) and, for a file (``last``), ``.txt`` appended."""
    if not host_acts_on(part):
        return part
    return part.replace(".", "_") + (".txt" if last else "")


def _neutral(relpath: str) -> str:
    parts = relpath.split("/")
    return "/".join(neutral_part(part, last=index == len(parts) - 1)
                    for index, part in enumerate(parts))


def raw_name(relpath: str) -> str:
    """Where a skill file's raw copy goes below the folder of its raw copies (unless the v0.1
    folder serves it under its own name): the relpath with
    each part a host would act on made neutral (:func:`neutral_part`), and ``.txt`` appended
    for documents and scripts."""
    neutral = _neutral(relpath)
    if neutral != relpath:
        return neutral
    return relpath + ".txt" if runs_as_script(relpath) else relpath


def page_name(relpath: str) -> str:
    """The name of a skill file's page below the skill's ``files/`` folder: the relpath with
    each part a host would act on made neutral, and ``.html`` appended."""
    return _neutral(relpath) + ".html"
