-- Help centre (spec: help category and article). A category sits in the help tree at `path` (its ancestors'
-- ids, e.g. '0,1'); the client asks for its questions with cid = '{path},{id}'. Articles are HTML (contxt).
-- Seeded rows carry explicit ids (articles 63 and 70 are linked to from elsewhere); the seed moves the
-- sequences past them.
CREATE TABLE help_categories (
  id         serial      PRIMARY KEY,
  title      text        NOT NULL,
  path       text        NOT NULL DEFAULT '0,1',
  sort       integer     NOT NULL DEFAULT 0,
  enabled    boolean     NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE help_articles (
  id          serial      PRIMARY KEY,
  category_id integer     NOT NULL REFERENCES help_categories (id) ON DELETE CASCADE,
  title       text        NOT NULL,
  contxt      text        NOT NULL,
  sort        integer     NOT NULL DEFAULT 0,
  enabled     boolean     NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_articles_category_idx ON help_articles (category_id, sort, id) WHERE enabled;
