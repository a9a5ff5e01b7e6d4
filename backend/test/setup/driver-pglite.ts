process.env.ATELIER_TEST_DB = 'pglite';
