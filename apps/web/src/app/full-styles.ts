// Mantine's full stylesheet, loaded with every page past the first screens (see first-screen.css).
import '@mantine/core/styles.css';
