"""The HTML pages: views of skills, the templates they fill, the skills written on every core."""
