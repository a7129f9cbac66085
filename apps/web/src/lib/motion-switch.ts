// Only antd-mobile's motion switch: importing it from the package's index here, and this file
// dynamically, keeps the chunk to the switch instead of every component the index names.
export { reduceMotion, restoreMotion } from 'antd-mobile';
