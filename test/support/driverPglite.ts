process.env.KK_TEST_DRIVER = 'pglite';
