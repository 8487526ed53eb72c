"""The library served to agents over MCP: the Skills extension (SEP-2640) and skill tools.

Behind ``skill-catalog mcp``, on the official ``mcp`` SDK, an optional extra (``pip install
'skill-catalog[mcp]'``). :mod:`~skill_catalog.mcp.library` decides what is served and reads it
(no SDK needed); :mod:`~skill_catalog.mcp.server` answers for it over stdio or Streamable HTTP.
"""
