"""``skill-catalog mcp``: a read-only MCP server over a checked library, on the official ``mcp``
SDK (the ``mcp`` extra).

It speaks the Skills extension (SEP-2640, ``io.modelcontextprotocol/skills``): the capability
at ``initialize``, ``skills/list`` (paged with ``cursor``/``nextCursor``, entries never split)
and ``skills/get``, every file a ``skill://<name>/<path>`` resource with its SHA-256 and size.
For clients without the extension it offers four tools (``list_skills``, ``search_skills``,
``load_skill``, ``read_skill_file``: the answers of the CLI's ``show``/``files``/``file``) and
the same files through ``resources/list`` and ``resources/read``.

What is served is :func:`skill_catalog.mcp.library.served` of the library: what ``build``
publishes. The library is watched as ``serve`` watches it; after an edit the server loads it
again (unchanged skills from the :class:`~skill_catalog.pipeline.skill_cache.SkillCache`),
and when what it serves changed it tells every connected client
(``notifications/resources/list_changed``: pushed on handshake-era connections, and on the
``subscriptions/listen`` streams of 2026-07-28 ones).

Every request is bounded: files are read by at most :data:`MAX_READS` threads at once, a file
larger than a skill may be (16 MiB) is never read, a URI is parsed before anything is looked
up and names only a listed file. Over HTTP the server binds loopback unless a host is given,
answers only requests whose ``Host`` names it (DNS rebinding), bounds the body, the open
sessions and the connections at once (more are answered 503).
"""

from __future__ import annotations

import base64
import contextlib
import signal
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from mcp.server.connection import Connection
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler
from mcp.shared.exceptions import MCPError
from mcp.shared.subscriptions import ResourcesListChanged
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from skill_catalog.catalog import Catalog
from skill_catalog.mcp.library import (
    EXTENSION,
    BadUri,
    Changed,
    Digests,
    Served,
    ServedFile,
    ServedSkill,
    read,
    served,
)
from skill_catalog.parse import frontmatter
from skill_catalog.search import SearchIndex, build_index
from skill_catalog.search import query as run_query
from skill_catalog.serve.build_process import Changes
from skill_catalog.serve.server import (
    Watcher,
    changed_paths,
    default_watcher,
    is_loopback,
    what_changed,
)
from skill_catalog.skill_access import is_binary, skill_content
from skill_catalog.skill_access.content import content_block
from skill_catalog.version import __version__

Log = Callable[[str], None]

PAGE_SIZE = 100
"""Skills in one ``skills/list`` page; resources in one ``resources/list`` page."""
MAX_READS = 4
"""Files read at once (other reads wait their turn)."""
MAX_QUERY = 1000
"""Characters of a search query, a name or a path a tool accepts."""
MAX_HTTP_CONNECTIONS = 64
"""Open HTTP connections at once; more are answered 503."""
MAX_HTTP_SESSIONS = 32
MAX_HTTP_BODY = 256 * 1024
"""Bytes of one HTTP request body (requests are small: a URI, a name, a query)."""


class ListSkillsParams(types.PaginatedRequestParams):
    """``skills/list`` params: an optional ``cursor``."""


class GetSkillParams(types.RequestParams):
    """``skills/get`` params: the ``uri`` of the skill's SKILL.md."""

    uri: str


class SkillServer:
    """The served skills, kept up to date with the library, and the MCP server answering for
    them. ``load`` returns the library as it is now (the CLI's: the config read again and the
    library loaded with a skill cache)."""

    def __init__(self, load: Callable[[], Catalog] | None = None, *,
                 published: Callable[[], Served] | None = None, watch: Sequence[Path] = (),
                 watcher: Watcher | None = None, log: Log = lambda _m: None,
                 page_size: int = PAGE_SIZE,
                 on_changes: Callable[[Changes], object] | None = None) -> None:
        self._load = load
        self._on_changes = on_changes
        """Told, before each reload, the paths the watcher reported changed (None: anything
        may have changed), so that ``load`` re-reads only those
        (:class:`~skill_catalog.pipeline.watched.Watched`)."""
        self._published = published
        self._log = log
        self._page_size = page_size
        self._digests = Digests()
        self._logged: set[tuple[str, str]] = set()
        self._lock = threading.Lock()
        self.watcher: Watcher | None = watcher or (default_watcher(watch) if watch else None)
        self.served = Served({})
        self._index: SearchIndex | None = None
        """The search index of :attr:`served`, built when first searched after a change."""
        self._sessions: weakref.WeakKeyDictionary[Connection, None] = (
            weakref.WeakKeyDictionary())
        """The connections of handshake-era clients, while they are open."""
        self._bus = InMemorySubscriptionBus()
        self._reads = anyio.CapacityLimiter(MAX_READS)
        self.reloads = 0
        self.reload()
        self.server = self._build()

    # --- the library --------------------------------------------------------------------

    def reload(self) -> bool:
        """Load the library again; True when what is served changed. Each skill left out is
        logged once, with why."""
        with self._lock:
            if self._published is not None:
                now = self._published()
            else:
                assert self._load is not None, "a library to load, or a published catalog"
                now = served(self._load(), self._digests, self.served)
            for refusal in now.refused:
                key = (refusal.where, refusal.reason)
                if key not in self._logged:
                    self._log(f"not serving {refusal.where}: {refusal.reason}")
            self._logged = {(r.where, r.reason) for r in now.refused}
            changed = _entries(self.served) != _entries(now)
            if changed or self.reloads == 0:
                self.served, self._index = now, now.index
            self.reloads += 1
            return changed

    def _search_index(self) -> SearchIndex:
        """The index of the skills served now (built after a change, when first needed: a
        client is told of the change without waiting for it)."""
        with self._lock:
            if self._index is None:
                self._index = build_index(
                    [s.skill for s in self.served.skills.values() if s.skill is not None],
                    url_for=lambda s: "")
            return self._index

    async def notify_changed(self) -> None:
        """Tell every connected client that the resources (and skills) changed."""
        await self._bus.publish(ResourcesListChanged())
        for connection in list(self._sessions):
            try:
                await connection.send_resource_list_changed()
            except Exception:  # a closed connection: it is forgotten
                self._sessions.pop(connection, None)

    async def watch(self) -> None:
        """Reload after each batch of changes the watcher reports, until cancelled."""
        if self.watcher is None:
            return
        stop = threading.Event()
        changes: Iterator[object] = self.watcher.changes(stop)
        try:
            while True:
                batch = await anyio.to_thread.run_sync(next, changes, None,
                                                       abandon_on_cancel=True)
                if batch is None:
                    return
                paths = changed_paths(batch)
                if paths is None:
                    self._log(f"{what_changed(batch, paths)}")
                await self._reload_and_notify(paths)
        finally:
            stop.set()

    async def rescan(self) -> None:
        """Walk the whole library again and reload (what ``kill -USR1`` asks)."""
        self._log("full walk asked for: reloading")
        await self._reload_and_notify(None)

    async def _reload_and_notify(self, paths: Changes) -> None:
        if await anyio.to_thread.run_sync(self._reload_logged, paths):
            await self.notify_changed()

    async def _rescan_on_signal(self) -> None:
        """Until cancelled: :meth:`rescan` on each SIGUSR1 (where there is one)."""
        if not hasattr(signal, "SIGUSR1"):
            return
        with anyio.open_signal_receiver(signal.SIGUSR1) as signals:
            async for _signum in signals:
                await self.rescan()

    def _reload_logged(self, paths: Changes = None) -> bool:
        if self._on_changes is not None:
            self._on_changes(paths)
        try:
            changed = self.reload()
        except Exception as exc:  # the library could not be loaded: keep serving the last one
            self._log(f"reload failed, still serving the last library: {exc}")
            return False
        if changed:
            self._log(f"library changed: serving {len(self.served.skills)} skills")
        return changed

    # --- the MCP server -----------------------------------------------------------------

    def _build(self) -> Server[Any]:
        server: Server[Any] = Server(
            "skill-catalog", version=__version__,
            instructions=("Agent Skills of a checked library. Skills-aware clients use "
                          "skills/list; others call list_skills or search_skills, then "
                          "load_skill, and read_skill_file for the files a skill names."),
            on_list_tools=self._list_tools, on_call_tool=self._call_tool,
            on_list_resources=self._list_resources,
            on_list_resource_templates=self._list_templates,
            on_read_resource=self._read_resource,
            on_subscriptions_listen=ListenHandler(self._bus))
        server.extensions[EXTENSION] = {}
        server.add_request_handler("skills/list", ListSkillsParams, self._skills_list)
        server.add_request_handler("skills/get", GetSkillParams, self._skills_get)
        server.middleware.append(self._remember_session)
        return server

    def initialization_options(self) -> Any:
        from mcp.server.lowlevel import NotificationOptions

        return self.server.create_initialization_options(
            NotificationOptions(resources_changed=True))

    async def _remember_session(self, ctx: ServerRequestContext[Any, Any],
                                call_next: CallNext) -> HandlerResult:
        """Keep each handshake-era session, to push list_changed to it; and advertise the
        extension at its ``initialize`` too (the SDK leaves ``capabilities.extensions`` out
        before 2026-07-28, but the clients of today speak 2025 versions, and a capability they
        do not know is ignored)."""
        result = await call_next(ctx)
        if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
            return result
        connection = getattr(ctx.session, "_connection", None)  # one per client, unlike
        if connection is not None:  # the session, made for each request
            self._sessions[connection] = None
        if ctx.method == "initialize" and isinstance(result, dict):
            capabilities = result.get("capabilities")
            if isinstance(capabilities, dict):
                capabilities.setdefault("extensions", {EXTENSION: {}})
        return result

    def _page(self, items: Sequence[Any], cursor: str | None) -> tuple[Sequence[Any], str | None]:
        start = 0
        if cursor is not None:
            if not cursor.isdigit() or len(cursor) > 12 or int(cursor) > len(items):
                raise MCPError(code=types.INVALID_PARAMS,
                               message=f"invalid cursor {cursor[:100]!r}: pass back a "
                                       "nextCursor the server gave")
            start = int(cursor)
        end = start + self._page_size
        return items[start:end], (str(end) if end < len(items) else None)

    async def _skills_list(self, ctx: ServerRequestContext[Any, Any],
                           params: ListSkillsParams) -> dict[str, Any]:
        skills = list(self.served.skills.values())
        page, next_cursor = self._page(skills, params.cursor)
        result: dict[str, Any] = {"resultType": "complete",
                                  "skills": [s.entry() for s in page]}
        if next_cursor is not None:
            result["nextCursor"] = next_cursor
        return result

    async def _skills_get(self, ctx: ServerRequestContext[Any, Any],
                          params: GetSkillParams) -> dict[str, Any]:
        try:
            skill = self.served.get(params.uri)
        except BadUri as exc:
            raise MCPError(code=types.INVALID_PARAMS, message=str(exc)) from None
        return {"resultType": "complete", "skill": skill.entry()}

    async def _list_resources(self, ctx: ServerRequestContext[Any, Any],
                              params: types.PaginatedRequestParams | None
                              ) -> types.ListResourcesResult:
        every = [(s, f) for s in self.served.skills.values() for f in s.files]
        page, next_cursor = self._page(every, params.cursor if params else None)
        return types.ListResourcesResult(resources=[_resource(s, f) for s, f in page],
                                         next_cursor=next_cursor)

    async def _list_templates(self, ctx: ServerRequestContext[Any, Any],
                              params: types.PaginatedRequestParams | None
                              ) -> types.ListResourceTemplatesResult:
        return types.ListResourceTemplatesResult(resource_templates=[types.ResourceTemplate(
            uri_template="skill://{name}/{+path}", name="skill-file",
            description="A file of a served skill (SKILL.md, references/, scripts/, assets/...)")])

    async def _read_file(self, skill: ServedSkill, file: ServedFile) -> bytes:
        """The listed bytes of ``file`` (:func:`~skill_catalog.mcp.library.read`, at most
        :data:`MAX_READS` at once)."""
        return await anyio.to_thread.run_sync(read, skill, file, limiter=self._reads)

    async def _read_resource(self, ctx: ServerRequestContext[Any, Any],
                             params: types.ReadResourceRequestParams
                             ) -> types.ReadResourceResult:
        try:
            skill, file = self.served.resolve(str(params.uri))
            data = await self._read_file(skill, file)
        except (BadUri, Changed) as exc:
            raise MCPError(code=types.INVALID_PARAMS, message=str(exc)) from None
        contents: types.TextResourceContents | types.BlobResourceContents
        if is_binary(data):
            contents = types.BlobResourceContents(uri=file.uri, mime_type=file.mime_type,
                                                  blob=base64.b64encode(data).decode("ascii"))
        else:
            contents = types.TextResourceContents(uri=file.uri, mime_type=file.mime_type,
                                                  text=data.decode("utf-8"))
        return types.ReadResourceResult(contents=[contents])

    # --- tools --------------------------------------------------------------------------

    async def _list_tools(self, ctx: ServerRequestContext[Any, Any],
                          params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=TOOLS)

    async def _call_tool(self, ctx: ServerRequestContext[Any, Any],
                         params: types.CallToolRequestParams) -> types.CallToolResult:
        args = params.arguments or {}
        try:
            text = await self._tool(params.name, args)
        except (BadUri, Changed, ToolError) as exc:
            return types.CallToolResult(content=[types.TextContent(type="text", text=str(exc))],
                                        is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)])

    async def _tool(self, name: str, args: dict[str, Any]) -> str:
        if name == "list_skills":
            return self._skill_lines(self.served.skills.values())
        if name == "search_skills":
            query = _text_argument(args, "query")
            limit = args.get("limit", 5)
            if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= 50:
                raise ToolError("limit must be a whole number from 1 to 50")
            hits = run_query(await anyio.to_thread.run_sync(self._search_index), query, n=limit)
            found = [self.served.skills[h.name] for h in hits if h.name in self.served.skills]
            return self._skill_lines(found) if found else f"No skill matches {query!r}.\n"
        if name == "load_skill":
            skill = self.served.skill(_text_argument(args, "name"))
            data = await self._read_file(skill, skill.files[0])  # as listed, or refused
            if skill.skill is not None:
                return skill_content(skill.skill, folder=skill.root)
            split = frontmatter.split(data.decode("utf-8", "replace"))
            body = split.body if isinstance(split, frontmatter.Split) else ""
            return content_block(skill.name, body, skill.root,
                                 [f.name for f in skill.files[1:]])
        if name == "read_skill_file":
            skill, file = self.served.file(_text_argument(args, "name"),
                                           _text_argument(args, "path"))
            data = await self._read_file(skill, file)
            if is_binary(data):
                raise ToolError(f"{file.name} is a binary file ({len(data):,} bytes); read the "
                                f"resource {file.uri} to get its bytes")
            return data.decode("utf-8")
        raise ToolError(f"unknown tool {name[:100]!r}: the tools are "
                        f"{', '.join(t.name for t in TOOLS)}")

    @staticmethod
    def _skill_lines(skills: Any) -> str:
        lines = [f"- {s.name}: {s.description} ({s.uri})" for s in skills]
        return "\n".join(lines) + "\n" if lines else "No skills are served.\n"

    # --- transports ---------------------------------------------------------------------

    async def run_stdio(self) -> None:
        """Serve one client on standard input and output until it closes them."""
        from mcp.server.stdio import stdio_server

        async with stdio_server() as (reader, writer), anyio.create_task_group() as group:
            group.start_soon(self.watch)
            group.start_soon(self._rescan_on_signal)
            await self.server.run(reader, writer, self.initialization_options())
            group.cancel_scope.cancel()

    async def run_http(self, host: str, port: int, *,
                       ready: Callable[[str], None] | None = None) -> None:
        """Serve Streamable HTTP at ``http://host:port/mcp`` until cancelled."""
        import uvicorn
        from mcp.server.transport_security import TransportSecuritySettings

        if is_loopback(host):
            names = ["127.0.0.1", "localhost", "[::1]"]
        else:
            names = [f"[{host}]" if ":" in host else host]
        security = TransportSecuritySettings(
            enable_dns_rebinding_protection=True,
            allowed_hosts=[f"{n}:*" for n in names] + names,
            allowed_origins=[f"http://{n}:*" for n in names])
        app = self.server.streamable_http_app(
            transport_security=security, host=host, max_request_body_size=MAX_HTTP_BODY,
            max_sessions=MAX_HTTP_SESSIONS)
        config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                                limit_concurrency=MAX_HTTP_CONNECTIONS, timeout_keep_alive=5,
                                lifespan="on", access_log=False)
        http = uvicorn.Server(config)
        async with anyio.create_task_group() as group:
            group.start_soon(self.watch)
            group.start_soon(self._rescan_on_signal)
            group.start_soon(http.serve)
            while not http.started:
                if http.should_exit:
                    break
                await anyio.sleep(0.05)
            if http.started and ready is not None:
                bound = http.servers[0].sockets[0].getsockname()
                shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
                ready(f"http://{shown}:{bound[1]}/mcp")
            with contextlib.suppress(anyio.get_cancelled_exc_class()):
                while not http.should_exit:
                    await anyio.sleep(0.2)
            group.cancel_scope.cancel()


def _entries(served: Served) -> dict[str, tuple[object, ...]]:
    """What the entries of ``served`` say, to compare two loads without rendering them."""
    return {n: (s.frontmatter, s.files) for n, s in served.skills.items()}


class ToolError(ValueError):
    """A tool call with bad arguments."""


def _text_argument(args: dict[str, Any], key: str) -> str:
    value = args.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ToolError(f"{key!r} is required: a non-empty string")
    if len(value) > MAX_QUERY:
        raise ToolError(f"{key!r} is longer than {MAX_QUERY} characters")
    return value


def _resource(skill: ServedSkill, file: ServedFile) -> types.Resource:
    if file.name == "SKILL.md":
        return types.Resource(uri=file.uri, name=skill.name, description=skill.description,
                              mime_type=file.mime_type, size=file.size)
    return types.Resource(uri=file.uri, name=f"{skill.name}/{file.name}",
                          mime_type=file.mime_type, size=file.size)


def _schema(**properties: dict[str, Any]) -> dict[str, Any]:
    required = [k for k, v in properties.items() if not v.pop("optional", False)]
    return {"type": "object", "properties": properties, "required": required,
            "additionalProperties": False}


TOOLS = [
    types.Tool(name="list_skills",
               description="List the Agent Skills this server serves: name, description, "
                           "and the skill:// URI of each SKILL.md.",
               input_schema=_schema()),
    types.Tool(name="search_skills",
               description="Find the skills that best match a query (by name, description "
                           "and headings).",
               input_schema=_schema(
                   query={"type": "string", "description": "What the task is about"},
                   limit={"type": "integer", "minimum": 1, "maximum": 50, "default": 5,
                          "optional": True})),
    types.Tool(name="load_skill",
               description="Load a skill's instructions (SKILL.md body) and the list of its "
                           "files, as <skill_content>.",
               input_schema=_schema(name={"type": "string", "description": "The skill name"})),
    types.Tool(name="read_skill_file",
               description="Read one text file of a skill (a path relative to the skill "
                           "folder, e.g. references/GUIDE.md).",
               input_schema=_schema(
                   name={"type": "string", "description": "The skill name"},
                   path={"type": "string", "description": "Path relative to the skill folder"}
               )),
]
"""The tools, for clients without the Skills extension."""

