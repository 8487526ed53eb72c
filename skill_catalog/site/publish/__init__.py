"""Each skill's files published: raw copies, archives, its plugin zip, what is inert, and
which skills the discovery indexes list."""
