/** The shortest password the server accepts (its validationFailed answer says errors.passwordTooShort). */
export const MIN_PASSWORD_LENGTH = 10;
