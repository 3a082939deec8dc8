// Mantine's PostCSS preset gives the breakpoint mixins and rem() used in component CSS.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
