// The sign-in and setup pages skip the full component styles a feature page loads
// (src/components/page-styles.ts): they add only what their forms use beyond the shell's set.
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Divider.layer.css';
