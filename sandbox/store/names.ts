/** Name pools for generated customers. */
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Mia', 'Lucas',
  'Harper', 'Mateo', 'Aisha', 'Kenji', 'Chloe', 'Diego', 'Freya', 'Ravi', 'Ingrid', 'Tomás',
  'Zoe', 'Hugo', 'Leila', 'Samuel', 'Nora', 'Jonas', 'Priya', 'Felix', 'Hana', 'Omar',
] as const;

export const LAST_NAMES = [
  'Smith', 'Garcia', 'Müller', 'Johnson', 'Nguyen', 'Brown', 'Okafor', 'Rossi', 'Kowalski', 'Tanaka',
  'Martin', 'Silva', 'Andersen', 'Dubois', 'Patel', 'Novak', "O'Brien", 'Larsen', 'Haddad', 'Kim',
  'Wilson', 'Moreau', 'Costa', 'Fischer', 'Ivanova', 'Walker', 'Sato', 'Jensen', 'Lopez', 'Clarke',
] as const;

export const PLACES = [
  { city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
  { city: 'Portland', state: 'OR', zip: '97205', country: 'US' },
  { city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' },
  { city: 'Manchester', state: '', zip: 'M1 1AE', country: 'GB' },
  { city: 'Lyon', state: '', zip: '69002', country: 'FR' },
  { city: 'Melbourne', state: 'VIC', zip: '3000', country: 'AU' },
] as const;

export const STREETS = ['Oak Street', 'Main Street', 'Harbour Road', 'Rue de la Paix', 'King Street', 'Elm Avenue'] as const;
