"""Machine-readable outputs: catalog.json, the install routes it and the pages show, the
.well-known indexes, the marketplace, llms.txt, the sitemap, the search index and prompt files."""
