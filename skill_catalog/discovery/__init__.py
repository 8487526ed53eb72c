"""Finding skills: a library's skill folders and the sites skill-catalog built among them."""
