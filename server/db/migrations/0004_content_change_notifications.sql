-- Every committed change of what public pages show is announced on the 'data_changes' channel, so each app
-- instance drops exactly the cached pages built from it: the table's name, or 'settings:<key>' for a setting.
-- A notification goes out only when its transaction commits; identical ones in a transaction are sent once.
CREATE OR REPLACE FUNCTION announce_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION announce_setting_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('data_changes', 'settings:' || OLD.key);
  ELSE
    PERFORM pg_notify('data_changes', 'settings:' || NEW.key);
    IF TG_OP = 'UPDATE' AND OLD.key IS DISTINCT FROM NEW.key THEN
      PERFORM pg_notify('data_changes', 'settings:' || OLD.key);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER press_releases_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON press_releases
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER portfolio_items_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON portfolio_items
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER documents_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER document_categories_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON document_categories
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
--> statement-breakpoint
CREATE TRIGGER settings_announce AFTER INSERT OR UPDATE OR DELETE ON settings
  FOR EACH ROW EXECUTE FUNCTION announce_setting_change();
--> statement-breakpoint
CREATE TRIGGER settings_announce_truncate AFTER TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION announce_table_change();
