require(require.resolve('@testing-library/jest-dom', { paths: [process.cwd()] }));
