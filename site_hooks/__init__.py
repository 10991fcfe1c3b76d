"""MkDocs hooks of the site (listed by path in mkdocs.yml) and the helpers they share."""
