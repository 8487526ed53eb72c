"""Machine-readable outputs: catalog.json, install routes, .well-known, marketplace, search.

Also llms.txt, the sitemap, robots.txt and the prompt files; each writer gives the same bytes
for the same input. The install routes are here because catalog.json and the pages both show
them.
"""
