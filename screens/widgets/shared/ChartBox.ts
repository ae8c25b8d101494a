import styled from 'styled-components';

/** A widget's box when an overlay (centre text, legend) sits over its chart. */
export const ChartRoot = styled.div`
  position: relative;
  width: 100%;
  height: 100%;
  overflow: hidden;
`;

/** The layer the ECharts instance draws in, filling {@link ChartRoot}. */
export const ChartLayer = styled.div`
  position: absolute;
  inset: 0;
`;
