-- A counter every conversion insert or change bumps (decision 124): the offer caps' in-memory
-- counts of today's conversions are recounted when it moved, whoever wrote (postbacks, the
-- Conversions screen, another process).
CREATE TABLE conversion_changes (n INTEGER NOT NULL) STRICT;
INSERT INTO conversion_changes (n) VALUES (0);

CREATE TRIGGER conversion_changes_insert AFTER INSERT ON conversions BEGIN
  UPDATE conversion_changes SET n = n + 1;
END;

CREATE TRIGGER conversion_changes_update
AFTER UPDATE OF status, current, ts, click_id ON conversions BEGIN
  UPDATE conversion_changes SET n = n + 1;
END;
