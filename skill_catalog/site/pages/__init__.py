"""The HTML pages: views of skills and the templates they fill."""
