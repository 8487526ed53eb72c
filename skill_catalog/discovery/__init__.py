"""Finding skills: the bounded walk, a library's skills, and what each agent tool would load."""
