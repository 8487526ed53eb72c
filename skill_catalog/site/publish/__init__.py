"""Each skill's files published: raw copies, archives, what is inert."""
