-- A counter every conversion insert or change bumps (decision 124): the offer caps' in-memory
-- counts of today's conversions are recounted when it moved, whoever wrote (postbacks, the
-- Conversions screen, another process).
CREATE TABLE conversion_version (n INTEGER NOT NULL) STRICT;
INSERT INTO conversion_version (n) VALUES (0);

CREATE TRIGGER conversion_version_insert AFTER INSERT ON conversions BEGIN
  UPDATE conversion_version SET n = n + 1;
END;

CREATE TRIGGER conversion_version_update
AFTER UPDATE OF status, current, ts, click_id ON conversions BEGIN
  UPDATE conversion_version SET n = n + 1;
END;
