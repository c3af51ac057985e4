import { defineConfig } from 'vitest/config'

// Speech tests decode real audio; give them room but keep the whole suite well under 2 minutes.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
