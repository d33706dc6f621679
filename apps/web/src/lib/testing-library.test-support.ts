import { configure } from '@testing-library/react';

// Testing Library waits 1 s for what `findBy…` and `waitFor` look for. A screen that loads a chunk
// first (the toasts, a lazy page) can take longer when the CI machine's two cores run the API
// suites beside it; waiting longer costs nothing when the screen is quick.
configure({ asyncUtilTimeout: 10_000 });
