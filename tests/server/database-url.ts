/** The PostgreSQL server the server suite runs against, when one is given. */
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || undefined
