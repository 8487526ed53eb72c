"""The MkDocs adapter: the plugin, the pages and the files it adds."""
