/** Names and structure of the demo firm. */
export const DIVISION_TREE: Record<string, Record<string, string[]>> = {
  Assurance: {
    'Audit Services': ['External Audit', 'Internal Audit'],
    'Risk Assurance': ['IT Risk', 'Regulatory Assurance'],
  },
  Advisory: {
    'Deals Advisory': ['Transaction Services', 'Valuations'],
    Consulting: ['Digital Transformation', 'People & Change'],
  },
  Tax: {
    'Corporate Tax': ['Tax Compliance', 'International Tax'],
    'People Tax': ['Employment Tax', 'Private Clients'],
  },
  'Business Services': {
    'Firm Operations': ['Finance', 'Facilities'],
    'People Services': ['Human Capital', 'Learning & Development'],
  },
};

export const FIRST_NAMES = [
  'Thabo', 'Naledi', 'Sipho', 'Lerato', 'Pieter', 'Anika', 'Johan', 'Zanele', 'Kagiso', 'Ayesha',
  'Mandla', 'Palesa', 'Ruan', 'Nomvula', 'Tshepo', 'Chantal', 'Bongani', 'Refilwe', 'Michael', 'Fatima',
  'Lindiwe', 'Sizwe', 'Karabo', 'Megan', 'Themba', 'Yusuf', 'Nokuthula', 'Jacques', 'Priya', 'Lwazi',
  'Amahle', 'Wanjiru', 'Otieno', 'Tuyeni', 'Kelebogile', 'Ndapewa', 'Grace', 'Daniel', 'Sarah', 'David',
];
export const SURNAMES = [
  'Mokoena', 'Dlamini', 'Nkosi', 'van der Merwe', 'Botha', 'Naidoo', 'Pillay', 'Khumalo', 'Mahlangu', 'Smith',
  'Ndlovu', 'Venter', 'Molefe', 'Jacobs', 'Mthembu', 'Pretorius', 'Sithole', 'Adams', 'Mabaso', 'Kruger',
  'Patel', 'Coetzee', 'Zulu', 'Maseko', 'Kamau', 'Odhiambo', 'Shikongo', 'Sebego', 'Williams', 'Fourie',
];
export const UNITS = ['AUD', 'TAX', 'ADV', 'CON', 'OPS', 'TRF'] as const;
export const OTHER_COUNTRIES = ['Namibia', 'Botswana', 'Kenya'] as const;
export const THEME_SONGS = [
  'Here Comes the Sun', "Don't Stop Me Now", 'Pata Pata', 'Happy', 'Shosholoza', 'Eye of the Tiger',
  'Jerusalema', 'Three Little Birds', 'Lovely Day', 'Walking on Sunshine', 'Unstoppable', 'Count on Me',
];
export const SKILLS = [
  'Public speaking', 'Playing the piano', 'Data storytelling', 'Surfing', 'Isizulu', 'Baking sourdough',
  'Python', 'Photography', 'Chess', 'Leading workshops', 'Trail running', 'French',
];
