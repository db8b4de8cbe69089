"""Storage: SQLAlchemy models, sessions, migrations and the embedded PostgreSQL cluster."""
