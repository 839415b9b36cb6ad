// Every Mantine component's styles, loaded with the first page chunk rather than before the
// first paint (see src/app/shell-styles.css). Layered, so app CSS modules always win.
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
