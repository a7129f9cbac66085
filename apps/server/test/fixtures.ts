/** Request bodies several test files share (a test file never imports another: its tests would run twice). */
export const anAddress = {
  name: 'Li Lei',
  company: '',
  tel: '+852 9123 4567',
  email: 'lilei@example.com',
  country: 'Hong Kong',
  province: 'Hong Kong Island',
  city: 'Central',
  district: '',
  postCode: '',
  detail: '1 Queen\'s Road Central, 12/F',
  defaultAddr: false,
};
