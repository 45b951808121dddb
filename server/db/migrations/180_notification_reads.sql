-- Read state of the in-panel notifications per user: each team member has their own unread badge
-- (a row here is "this user has read that notification"; none: unread). It replaced the one
-- `notifications.read_at` that marked a notification read for everybody.
CREATE TABLE notification_reads (
  notification_id INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at INTEGER NOT NULL,
  PRIMARY KEY (notification_id, user_id)
) STRICT, WITHOUT ROWID;

-- Who read a notification before was not kept, only that someone did: it stays read for every user
-- there is now (their badges do not light up again with old alerts). Users added later count every
-- notification from before they were created as read (decision 181: no row needed).
INSERT INTO notification_reads (notification_id, user_id, read_at)
  SELECT n.id, u.id, n.read_at FROM notifications n CROSS JOIN users u
  WHERE n.read_at IS NOT NULL;

ALTER TABLE notifications DROP COLUMN read_at;
