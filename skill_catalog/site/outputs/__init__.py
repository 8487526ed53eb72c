"""Machine-readable outputs: catalog.json, the .well-known indexes, the marketplace, llms.txt,
the sitemap, the search index and prompt files."""
