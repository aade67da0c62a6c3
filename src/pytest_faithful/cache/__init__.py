"""The judge-call cache: stores (diskcache, a directory of JSON files) and record modes."""
