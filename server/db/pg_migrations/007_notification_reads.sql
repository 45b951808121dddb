-- The twin of SQLite's 180: read state of the in-panel notifications per user (a row here is "this
-- user has read that notification"), in place of the one `notifications.read_at` for everybody.
CREATE TABLE notification_reads (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at bigint NOT NULL,
  PRIMARY KEY (notification_id, user_id)
);

-- Who read a notification before was not kept, only that someone did: it stays read for every user
-- there is now. Users added later count every notification from before they were created as
-- read (decision 181: no row needed).
INSERT INTO notification_reads (notification_id, user_id, read_at)
  SELECT n.id, u.id, n.read_at FROM notifications n CROSS JOIN users u
  WHERE n.read_at IS NOT NULL;

ALTER TABLE notifications DROP COLUMN read_at;
